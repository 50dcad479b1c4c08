// SPDX-License-Identifier: GPL-2.0
/*
 * SP1 switch networks built from 8-chip switch boards.  A board has four
 * first-stage chips whose ports 0-3 form the board's 16 left ports and
 * four second-stage chips whose ports 4-7 form its 16 right ports; first
 * stage chip i port 4+j is wired to second stage chip j port i (the
 * shuffle).  Larger networks connect boards' right ports; the exact wiring
 * and numbering is in Documentation/sp1-topologies.rst.
 */
#include "topo/topo_gen.h"

#define S RCF_ELEM_SWITCH

static uint32_t chip(uint32_t board, uint32_t c)
{
	return board * RCF_SP1_BOARD_CHIPS + c;
}

/* left port 0..15 of a board: first-stage chip l / 4, port l % 4 */
static uint32_t left_chip(uint32_t board, uint32_t l)
{
	return chip(board, l / 4);
}

/* right port 0..15 of a board: second-stage chip 4 + r / 4, port 4 + r % 4 */
static uint32_t right_chip(uint32_t board, uint32_t r)
{
	return chip(board, 4 + r / 4);
}

static uint32_t right_port(uint32_t r)
{
	return 4 + r % 4;
}

static int board(struct rcf_topo *t, uint32_t b)
{
	for (uint32_t c = 0; c < RCF_SP1_BOARD_CHIPS; c++)
		if (!rcf_topo_switch(t, chip(b, c), RCF_SP1_CHIP_PORTS))
			return -1;
	for (uint32_t i = 0; i < 4; i++)
		for (uint32_t j = 0; j < 4; j++)
			if (!rcf_topo_link(t, S, chip(b, i), 4 + j, S,
					   chip(b, 4 + j), i))
				return -1;
	return 0;
}

/* Board port p of 0..31: 0..15 left, 16..31 right. */
static int board_port_link(struct rcf_topo *t, uint32_t from, uint32_t r,
			   uint32_t to, uint32_t p)
{
	uint32_t sw, port;

	if (p < 16) {
		sw = left_chip(to, p);
		port = p % 4;
	} else {
		sw = right_chip(to, p - 16);
		port = right_port(p - 16);
	}
	return rcf_topo_link(t, S, right_chip(from, r), right_port(r), S, sw,
			     port)
		       ? 0
		       : -1;
}

int rcf_sp1_boards(uint32_t nodes, struct rcf_sp1_boards *sb)
{
	sb->nb = nodes / RCF_SP1_BOARD_NODES;
	sb->halves = 1;
	switch (nodes) {
	case 16:
	case 32:
		sb->m = 0;
		break;
	case 64:
		sb->m = 2;
		break;
	case 128:
		sb->m = 4;
		break;
	case 256:
		sb->m = 16;
		break;
	case 512:
		sb->m = 16;
		sb->halves = 2;
		break;
	default:
		return -1;
	}
	return 0;
}

int rcf_gen_sp1(struct rcf_topo *t, uint32_t nodes)
{
	struct rcf_sp1_boards sb;
	uint32_t nb, halves, m, boards, nb_half;

	if (rcf_sp1_boards(nodes, &sb))
		return -1;
	nb = sb.nb;
	halves = sb.halves;
	m = sb.m;
	nb_half = nb / halves;
	boards = nb + m * halves;
	t->shape = (struct rcf_topo_shape){RCF_SHAPE_SP1, nodes, 0, 0};
	for (uint32_t n = 0; n < nodes; n++)
		if (!rcf_topo_node(t, n, 1))
			return -1;
	for (uint32_t b = 0; b < boards; b++)
		if (board(t, b))
			return -1;
	/* node 16b + l on left port l of node board b */
	for (uint32_t n = 0; n < nodes; n++)
		if (!rcf_topo_link(t, RCF_ELEM_NODE, n, 0, S,
				   left_chip(n / 16, n % 16), n % 4))
			return -1;
	if (nodes == 32) {
		for (uint32_t r = 0; r < 16; r++)
			if (board_port_link(t, 0, r, 1, 16 + r))
				return -1;
		return 0;
	}
	/*
	 * Node board b's right port r goes to second-stage board r / w of its
	 * half, board port b * w + r % w, where w = 16 / m wires join each
	 * node board to each second-stage board.
	 */
	for (uint32_t h = 0; m && h < halves; h++) {
		uint32_t w = 16 / m;

		for (uint32_t b = 0; b < nb_half; b++)
			for (uint32_t r = 0; r < 16; r++)
				if (board_port_link(t, h * nb_half + b, r,
						    nb + h * m + r / w,
						    b * w + r % w))
					return -1;
	}
	/* sp1:512 joins the two halves' second-stage right ports straight */
	for (uint32_t s = 0; halves == 2 && s < m; s++)
		for (uint32_t r = 0; r < 16; r++)
			if (board_port_link(t, nb + s, r, nb + m + s, 16 + r))
				return -1;
	return 0;
}

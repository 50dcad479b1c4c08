// SPDX-License-Identifier: GPL-2.0
/*
 * SP1 networks in stages: nodes at the sides, switch chips in columns.
 * Node boards split into a left and a right group (sp1:512: one half
 * each), each board's first-stage chips next to its nodes and its
 * second-stage chips inward; second-stage boards in the middle, turned
 * to face the side they belong to.  Columns nothing uses are dropped.
 */
#include "draw/draw.h"
#include "topo/topo_gen.h"
#include "util/errf.h"

#define ROWS RCF_SP1_BOARD_NODES /* a board's height, in node rows */

struct sp1 {
	struct rcf_sp1_boards b;
	uint32_t left_nb; /* node boards on the left */
	uint32_t left_m;  /* second-stage boards on the left */
	uint32_t rows;	  /* the picture's height, node rows */
	int used[10];	  /* columns in use */
};

/* 0 .. 9, left to right: nodes, two node-board stages, the middle ... */
static int column(const struct sp1 *s, uint32_t board, uint32_t chip)
{
	int first = chip < 4;

	if (board < s->b.nb)
		return board < s->left_nb ? (first ? 1 : 2) : (first ? 8 : 7);
	return board - s->b.nb < s->left_m ? (first ? 3 : 4) : (first ? 6 : 5);
}

/* row of a chip's centre: boards share the height of their column */
static double chip_row(const struct sp1 *s, uint32_t board, uint32_t chip)
{
	uint32_t k, count;
	double per;

	if (board < s->b.nb) {
		k = board < s->left_nb ? board : board - s->left_nb;
		count = board < s->left_nb ? s->left_nb : s->b.nb - s->left_nb;
	} else {
		k = board - s->b.nb;
		count = s->b.m * s->b.halves;
		if (k >= s->left_m) {
			k -= s->left_m;
			count -= s->left_m;
		} else {
			count = s->left_m;
		}
	}
	per = (double)s->rows / count;
	return k * per + (4.0 * (chip % 4) + 1.5) * per / ROWS;
}

int rcf_layout_sp1(const struct rcf_topo *t, uint32_t nodes,
		   struct rcf_layout *L, char *err, size_t errlen)
{
	const struct rcf_objv *nv = &t->v[RCF_K_NODE],
			      *sv = &t->v[RCF_K_SWITCH];
	uint32_t boards, right_nb;
	double at[10];
	struct sp1 s = {0};
	int x = 0;

	if (rcf_sp1_boards(nodes, &s.b))
		return rcf_errf(err, errlen, "sp1:%u is not an SP1 size",
				nodes);
	boards = s.b.nb + s.b.m * s.b.halves;
	s.left_nb = s.b.nb > 1 ? s.b.nb / 2 : 1;
	right_nb = s.b.nb - s.left_nb;
	/* one half's second stage on each side, or all on the left */
	s.left_m = s.b.halves == 2 ? s.b.m : s.b.m * s.b.halves;
	s.rows = ROWS * (s.left_nb > right_nb ? s.left_nb : right_nb);
	s.used[0] = 1;
	s.used[9] = right_nb > 0;
	for (uint32_t b = 0; b < boards; b++)
		for (uint32_t c = 0; c < RCF_SP1_BOARD_CHIPS; c++)
			s.used[column(&s, b, c)] = 1;
	for (int c = 0; c < 10; c++) {
		at[c] = x;
		x += s.used[c];
	}
	for (size_t i = 0; i < nv->n; i++) {
		uint64_t id = nv->o[i].v[RCF_A_NODE_ID];
		uint32_t b = id / ROWS;

		if (id >= nodes)
			return rcf_errf(err, errlen,
					"node %llu has no place in the sp1 "
					"layout",
					(unsigned long long)id);
		L->node[i].x = b < s.left_nb ? at[0] : at[9];
		L->node[i].y =
			(b < s.left_nb ? b : b - s.left_nb) * ROWS + id % ROWS;
	}
	for (size_t i = 0; i < sv->n; i++) {
		uint64_t id = sv->o[i].v[RCF_A_SWITCH_ID];
		uint32_t b = id / RCF_SP1_BOARD_CHIPS,
			 c = id % RCF_SP1_BOARD_CHIPS;

		if (id >= (uint64_t)boards * RCF_SP1_BOARD_CHIPS)
			return rcf_errf(err, errlen,
					"switch %llu has no place in the sp1 "
					"layout",
					(unsigned long long)id);
		L->sw[i].x = at[column(&s, b, c)];
		L->sw[i].y = chip_row(&s, b, c);
	}
	L->sx = 130;
	L->sy = 14;
	L->node_r = 5;
	L->sw_w = 30;
	L->sw_h = 22;
	L->font = 9;
	L->link_w = 1.2;
	return 0;
}

-- SPDX-License-Identifier: GPL-2.0
--
-- Wireshark dissector for rcf fabric packets as rcfctl capture writes them
-- (Documentation/observability.rst, "Capturing packets"): pcap link type
-- USER0 (147), each frame the 20-byte rcf capture header and then the
-- packet, [length][route bytes][adapter header][data].
--
--   tshark -X lua_script:scripts/wireshark/rcf.lua -r FILE.pcap
--   wireshark -X lua_script:scripts/wireshark/rcf.lua FILE.pcap
--
-- or copy it to ~/.local/lib/wireshark/plugins/.  A message's first packet
-- (offset 0) starts with the whole message's first bytes, so an IP
-- packet's header is there and goes to Wireshark's IP dissector; later
-- packets carry the rest as data.

local rcf = Proto("rcf", "rcf fabric packet")

local dirs = { [1] = "tx", [2] = "rx" }

local f = rcf.fields
f.version = ProtoField.uint8("rcf.version", "Capture version")
f.dir = ProtoField.uint8("rcf.dir", "Direction", base.DEC, dirs)
f.route_len = ProtoField.uint8("rcf.route_len", "Route bytes")
f.hdr_len = ProtoField.uint8("rcf.hdr_len", "Adapter header bytes")
f.node = ProtoField.uint32("rcf.node", "Node")
f.peer = ProtoField.uint32("rcf.peer", "Peer node")
f.cycle = ProtoField.uint64("rcf.cycle", "Engine cycle")
f.len = ProtoField.uint8("rcf.len", "Length")
f.route = ProtoField.bytes("rcf.route", "Route", base.DOT)
f.hop = ProtoField.uint8("rcf.hop", "Route byte", base.HEX)
f.hop_port = ProtoField.uint8("rcf.hop.port", "Port", base.DEC, nil, 0x1f)
f.hop_vc = ProtoField.uint8("rcf.hop.vc", "VC", base.DEC, nil, 0x60)
f.hop_rsvd = ProtoField.uint8("rcf.hop.reserved", "Reserved", base.DEC,
	nil, 0x80)
f.msg_id = ProtoField.uint32("rcf.msg_id", "Message id")
f.msg_len = ProtoField.uint16("rcf.msg_len", "Message length")
f.offset = ProtoField.uint16("rcf.offset", "Offset")
f.data = ProtoField.bytes("rcf.data", "Data")

local ef_len = ProtoExpert.new("rcf.len.bad", "Length byte does not match",
	expert.group.MALFORMED, expert.severity.ERROR)
local ef_short = ProtoExpert.new("rcf.short", "Frame too short",
	expert.group.MALFORMED, expert.severity.ERROR)
rcf.experts = { ef_len, ef_short }

local ip = Dissector.get("ip")
local ipv6 = Dissector.get("ipv6")

local CAP_HDR = 20

function rcf.dissector(tvb, pinfo, tree)
	pinfo.cols.protocol = "RCF"
	local t = tree:add(rcf, tvb(), "rcf fabric packet")
	if tvb:len() < CAP_HDR + 1 then
		t:add_proto_expert_info(ef_short)
		return
	end
	local dir = tvb(1, 1):uint()
	local nroute = tvb(2, 1):uint()
	local nhdr = tvb(3, 1):uint()
	local c = t:add(rcf, tvb(0, CAP_HDR), "Capture header")
	c:set_text("Capture header")
	c:add(f.version, tvb(0, 1))
	c:add(f.dir, tvb(1, 1))
	c:add(f.route_len, tvb(2, 1))
	c:add(f.hdr_len, tvb(3, 1))
	c:add(f.node, tvb(4, 4))
	c:add(f.peer, tvb(8, 4))
	c:add(f.cycle, tvb(12, 8))

	local p = CAP_HDR
	local plen = tvb:len() - p
	local li = t:add(f.len, tvb(p, 1))
	if tvb(p, 1):uint() ~= plen then
		li:add_proto_expert_info(ef_len)
	end
	if plen < 1 + nroute + nhdr then
		t:add_proto_expert_info(ef_short)
		return
	end
	local hops = {}
	if nroute > 0 then
		local r = t:add(f.route, tvb(p + 1, nroute))
		for i = 0, nroute - 1 do
			local b = tvb(p + 1 + i, 1)
			local h = r:add(f.hop, b)
			h:add(f.hop_port, b)
			h:add(f.hop_vc, b)
			h:add(f.hop_rsvd, b)
			local v = b:uint()
			h:append_text(string.format(" (port %d, vc %d)",
				bit.band(v, 0x1f), bit.rshift(bit.band(v, 0x60), 5)))
			hops[#hops + 1] = string.format("%d.%d", bit.band(v, 0x1f),
				bit.rshift(bit.band(v, 0x60), 5))
		end
	end
	local a = p + 1 + nroute
	local off = -1
	if nhdr == 8 then
		t:add(f.msg_id, tvb(a, 4))
		t:add(f.msg_len, tvb(a + 4, 2))
		t:add(f.offset, tvb(a + 6, 2))
		off = tvb(a + 6, 2):uint()
	end
	local d = a + nhdr
	local info = string.format("%s node %d %s %d", dirs[dir] or "?",
		tvb(4, 4):uint(), dir == 1 and "to" or "from",
		tvb(8, 4):uint())
	if #hops > 0 then
		info = info .. " route " .. table.concat(hops, " ")
	end
	if nhdr == 8 then
		info = info .. string.format(" id %d offset %d",
			tvb(a, 4):uint(), off)
	end
	t:append_text(", " .. info)
	pinfo.cols.info = info
	if d >= tvb:len() then
		return
	end
	local data = tvb(d)
	-- the message's start: an IP packet's header, if it is one
	local v = bit.rshift(data(0, 1):uint(), 4)
	if (off == 0 or nhdr == 0) and v == 4 and ip then
		ip:call(data:tvb(), pinfo, tree)
	elseif (off == 0 or nhdr == 0) and v == 6 and ipv6 then
		ipv6:call(data:tvb(), pinfo, tree)
	else
		t:add(f.data, data)
	end
end

DissectorTable.get("wtap_encap"):add(wtap.USER0, rcf)

"""A Modbus TCP server with known registers, for Listor's integration tests.

pymodbus is someone else's implementation of the protocol, so the tests check Listor's client
against it rather than against Listor's own simulator. Prints "listening on PORT" once the
server accepts connections; stops on SIGTERM.

Usage: pymodbus_server.py [OPTIONS] [PORT]                      Modbus TCP on 127.0.0.1 (PORT 0 or none: a free one)
       pymodbus_server.py [OPTIONS] --rtu-over-tcp [PORT]       RTU frames over TCP on 127.0.0.1
       pymodbus_server.py [OPTIONS] --serial PATH BAUD PARITY   Modbus RTU on a serial port (N, E or O)

Options: --units 1,2,5   the units behind the server (input registers 0-9 of unit u hold
                         100u..100u+9); any other unit is not answered at all, as a missing
                         device on a line is not
         --trace FILE    each packet received and sent, a line each: "recv HEX" or "send HEX"

On RTU links the device is unit 1, and three reads misbehave on purpose: input register 6
(address 5) is answered with a wrong CRC, input register 7 (address 6) with a frame cut short,
and input register 8 (address 7) not at all.
"""
import asyncio
import os
import signal
import struct
import sys

from pymodbus import FramerType
from pymodbus.server import ModbusSerialServer, ModbusTcpServer
from pymodbus.simulator import DataType, SimData, SimDevice

# Registers 1-100 of a TUF-2000M, from the seed backend's dump (feed.txt, 2018-08-03).
TUF_DUMP = [
    63647, 15846, 37438, 47954, 19407, 15737, 8874, 17584, 23, 0, 13971, 16225, 0, 0, 0, 0, 1989, 0, 57587, 16174,
    64432, 65535, 8497, 48788, 0, 0, 0, 0, 3093, 0, 59025, 16248, 14744, 16690, 41664, 16783, 29184, 15772, 51200, 15729,
    10922, 49087, 40960, 15476, 48128, 15419, 14592, 15502, 0, 0, 0, 0, 9267, 775, 6152, 0, 0, 0, 0, 255,
    120, 0, 0, 0, 0, 4000, 62500, 0, 0, 3, 4, 0, 469, 16800, 33183, 15780, 44638, 17104, 65427, 17109,
    52255, 16955, 12000, 16378, 52233, 16955, 52268, 16955, 374, 16512, 0, 829, 3475, 3477, 0, 1, 25478, 17097, 12816, 17503,
]


def words(fmt, value):
    """Big-endian ("ABCD") registers of a 32-bit value."""
    high, low = struct.unpack(">HH", struct.pack(fmt, value))
    return [high, low]


# Holding 200-207: -12.5 as float32 and -123456 as int32, high word first (ABCD), then the
# same two low word first (CDAB); 300-301: BCD 1234, 5678; 400: 42, read-only (a write is
# refused with exception 02); 500-503: zeros to write to. Input 0-9: 100..109.
# Coils 0-15: 1,0,1,1,0,0,1,1, 1,1,0,1,0,1,1,0. Discrete inputs 0-7: every other one set.
# Addresses not listed answer exception 02.
ABCD = words(">f", -12.5) + words(">i", -123456)
CDAB = ABCD[1::-1] + ABCD[3:1:-1]
HOLDING = [
    SimData(address=0, values=TUF_DUMP, datatype=DataType.REGISTERS),
    SimData(address=200, values=ABCD + CDAB, datatype=DataType.REGISTERS),
    SimData(address=300, values=[0x1234, 0x5678], datatype=DataType.REGISTERS),
    SimData(address=400, values=[42], datatype=DataType.REGISTERS, readonly=True),
    SimData(address=500, values=[0, 0, 0, 0], datatype=DataType.REGISTERS),
]
def inputs(unit):
    return [SimData(address=0, values=list(range(100 * unit, 100 * unit + 10)), datatype=DataType.REGISTERS)]


INPUT = inputs(1)
# pymodbus keeps bits sixteen to a register, the first in the lowest bit.
COILS = [SimData(address=0, values=[0x6BCD], datatype=DataType.BITS)]
DISCRETE = [SimData(address=0, values=[0x0055], datatype=DataType.BITS)]


class Misbehaviour:
    """Spoils the answers to three reads on RTU links, through pymodbus's packet trace; and
    writes every packet to the trace file, when there is one."""

    def __init__(self, rtu, trace=None, units=None):
        self.last_request = b""
        self.rtu = rtu
        # pymodbus answers a unit it does not have with exception 04 even when told to ignore
        # it; a missing device on a line says nothing at all, so that answer is dropped here.
        self.units = units
        self.trace = open(trace, "a", buffering=1) if trace else None

    def __call__(self, sending, packet):
        packet = self.spoil(sending, packet)
        if self.trace and packet:
            self.trace.write(f"{'send' if sending else 'recv'} {bytes(packet).hex()}\n")
        return packet

    def spoil(self, sending, packet):
        if not sending:
            self.last_request = bytes(packet)
            return packet
        if self.units and packet and packet[0 if self.rtu else 6] not in self.units:
            return b""
        if not self.rtu:
            return packet
        # Read input registers (04) at address 5, 6 or 7, one register.
        if self.last_request[1:6] == bytes([4, 0, 5, 0, 1]):
            return packet[:-1] + bytes([packet[-1] ^ 0xFF])
        if self.last_request[1:6] == bytes([4, 0, 6, 0, 1]):
            return packet[:4]
        if self.last_request[1:6] == bytes([4, 0, 7, 0, 1]):
            return b""
        return packet


def devices(units):
    return [SimDevice(id=unit, simdata=(COILS, DISCRETE, HOLDING, inputs(unit))) for unit in units]


async def main(port, serial=None, rtu_over_tcp=False, units=None, trace=None):
    # pymodbus's serve_forever outlives SIGTERM; end at once, as a killed device would.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: os._exit(0))
    if serial:
        path, baud, parity = serial
        opened = asyncio.Event()
        server = ModbusSerialServer(
            devices(units or [1]), framer=FramerType.RTU, port=path, baudrate=baud, parity=parity, ignore_missing_devices=True,
            reconnect_delay=0.2, trace_packet=Misbehaviour(True, trace, units), trace_connect=lambda up: opened.set() if up else None)
        task = asyncio.create_task(server.serve_forever())
        await asyncio.wait_for(opened.wait(), 10)
        print(f"listening on {path}", flush=True)
        await task
        return
    if rtu_over_tcp:
        server = ModbusTcpServer(devices(units or [1]), framer=FramerType.RTU, address=("127.0.0.1", port), ignore_missing_devices=True,
                                 trace_packet=Misbehaviour(True, trace, units))
    elif units:
        server = ModbusTcpServer(devices(units), address=("127.0.0.1", port), ignore_missing_devices=True,
                                 trace_packet=Misbehaviour(False, trace, units))
    else:
        device = SimDevice(id=0, simdata=(COILS, DISCRETE, HOLDING, INPUT))
        server = ModbusTcpServer(device, address=("127.0.0.1", port), trace_packet=Misbehaviour(False, trace) if trace else None)
    # Returns once the socket listens, or raises (a port in use says "address already in use").
    await server.serve_forever(background=True)
    print(f"listening on {server.transport.sockets[0].getsockname()[1]}", flush=True)
    await server.serving


if __name__ == "__main__":
    # A process started from a Swift test inherits the worker thread's blocked signals.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    arguments = sys.argv[1:]
    units, trace = None, None
    while arguments[:1] in (["--units"], ["--trace"]):
        if arguments[0] == "--units":
            units = [int(unit) for unit in arguments[1].split(",")]
        else:
            trace = arguments[1]
        arguments = arguments[2:]
    if arguments[:1] == ["--serial"]:
        asyncio.run(main(None, serial=(arguments[1], int(arguments[2]), arguments[3]), units=units, trace=trace))
        sys.exit(0)
    rtu_over_tcp = arguments[:1] == ["--rtu-over-tcp"]
    arguments = arguments[1:] if rtu_over_tcp else arguments
    asyncio.run(main(int(arguments[0]) if arguments else 0, rtu_over_tcp=rtu_over_tcp, units=units, trace=trace))

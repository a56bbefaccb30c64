"""A Modbus TCP server with known registers, for Listor's integration tests.

pymodbus is someone else's implementation of the protocol, so the tests check Listor's client
against it rather than against Listor's own simulator. Prints "listening on PORT" once the
server accepts connections; stops on SIGTERM. Usage: pymodbus_server.py [PORT]
"""
import asyncio
import os
import signal
import socket
import struct
import sys

from pymodbus.server import ModbusTcpServer
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
# same two low word first (CDAB); 300-301: BCD 1234, 5678. Input 0-9: 100..109.
# Coils 0-15: 1,0,1,1,0,0,1,1, 1,1,0,1,0,1,1,0. Discrete inputs 0-7: every other one set.
# Addresses not listed answer exception 02.
ABCD = words(">f", -12.5) + words(">i", -123456)
CDAB = ABCD[1::-1] + ABCD[3:1:-1]
HOLDING = [
    SimData(address=0, values=TUF_DUMP, datatype=DataType.REGISTERS),
    SimData(address=200, values=ABCD + CDAB, datatype=DataType.REGISTERS),
    SimData(address=300, values=[0x1234, 0x5678], datatype=DataType.REGISTERS),
]
INPUT = [SimData(address=0, values=list(range(100, 110)), datatype=DataType.REGISTERS)]
# pymodbus keeps bits sixteen to a register, the first in the lowest bit.
COILS = [SimData(address=0, values=[0x6BCD], datatype=DataType.BITS)]
DISCRETE = [SimData(address=0, values=[0x0055], datatype=DataType.BITS)]


async def main(port):
    device = SimDevice(id=0, simdata=(COILS, DISCRETE, HOLDING, INPUT))
    server = ModbusTcpServer(device, address=("127.0.0.1", port))
    # pymodbus's serve_forever outlives SIGTERM; end at once, as a killed device would.
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, lambda: os._exit(0))
    task = asyncio.create_task(server.serve_forever())
    for _ in range(500):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        except OSError:
            await asyncio.sleep(0.01)
    print(f"listening on {port}", flush=True)
    await task


if __name__ == "__main__":
    # A process started from a Swift test inherits the worker thread's blocked signals.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    if len(sys.argv) > 1:
        chosen = int(sys.argv[1])
    else:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            chosen = probe.getsockname()[1]
    asyncio.run(main(chosen))

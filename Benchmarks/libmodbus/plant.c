/* One polling cycle of a line of units with libmodbus, the reads one after another: for each
 * unit, each read of its map's plan (from standard input, "table address count" a line, as
 * ModbusPlantBenchmark --plan prints it). Modbus RTU on a serial port (a path) at 115200 baud
 * 8N1, as a pty bridged to the server by socat. Prints full cycles per second.
 * Usage: plant /dev/pts/N CYCLES UNITS < plan */
#include <errno.h>
#include <modbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: plant DEVICE CYCLES UNITS < plan\n");
        return 64;
    }
    long cycles = atol(argv[2]);
    int units = atoi(argv[3]);
    char table[16][32];
    int address[16], count[16], reads = 0;
    while (reads < 16 && scanf("%31s %d %d", table[reads], &address[reads], &count[reads]) == 3) reads++;
    modbus_t *context = modbus_new_rtu(argv[1], 115200, 'N', 8, 1);
    if (context == NULL || modbus_connect(context) < 0) {
        fprintf(stderr, "plant: cannot connect to %s: %s\n", argv[1], modbus_strerror(errno));
        return 1;
    }
    modbus_set_response_timeout(context, 5, 0);
    uint16_t registers[125];
    uint8_t bits[2000];
    struct timespec start, end;
    for (long cycle = -1; cycle < cycles; cycle++) {
        if (cycle == 0) clock_gettime(CLOCK_MONOTONIC, &start);  /* the first cycle connects and warms up */
        for (int unit = 1; unit <= units; unit++) {
            modbus_set_slave(context, unit);
            for (int read = 0; read < reads; read++) {
                int got = strcmp(table[read], "holding") == 0 ? modbus_read_registers(context, address[read], count[read], registers)
                        : strcmp(table[read], "input") == 0 ? modbus_read_input_registers(context, address[read], count[read], registers)
                        : strcmp(table[read], "coil") == 0 ? modbus_read_bits(context, address[read], count[read], bits)
                        : modbus_read_input_bits(context, address[read], count[read], bits);
                if (got != count[read]) {
                    fprintf(stderr, "plant: unit %d, %s %d: %s\n", unit, table[read], address[read], modbus_strerror(errno));
                    return 1;
                }
            }
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.3f\n", cycles / seconds);
    modbus_close(context);
    modbus_free(context);
    return 0;
}

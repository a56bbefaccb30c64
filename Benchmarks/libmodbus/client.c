/* Sequential reads of 125 holding registers on one connection with libmodbus, the C library
 * most Modbus tools use: Modbus TCP to 127.0.0.1:PORT, or Modbus RTU on a serial port (a path)
 * at 115200 baud 8N1, unit 1. Prints requests per second.
 * Usage: client PORT|/dev/pts/N COUNT */
#include <errno.h>
#include <modbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    const char *device = argc > 1 ? argv[1] : "1502";
    long count = argc > 2 ? atol(argv[2]) : 20000;
    modbus_t *context = device[0] == '/' ? modbus_new_rtu(device, 115200, 'N', 8, 1) : modbus_new_tcp("127.0.0.1", atoi(device));
    if (context == NULL || modbus_connect(context) < 0) {
        fprintf(stderr, "client: cannot connect to %s: %s\n", device, modbus_strerror(errno));
        return 1;
    }
    modbus_set_slave(context, 1);
    uint16_t registers[125];
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < count; i++) {
        if (modbus_read_registers(context, 0, 125, registers) != 125) {
            fprintf(stderr, "client: read %ld failed: %s\n", i, modbus_strerror(errno));
            return 1;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    if (registers[124] != (uint16_t)(124 * 257)) {
        fprintf(stderr, "client: register 124 is %u, not %u\n", registers[124], 124 * 257);
        return 1;
    }
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9;
    printf("%.0f\n", count / seconds);
    modbus_close(context);
    modbus_free(context);
    return 0;
}

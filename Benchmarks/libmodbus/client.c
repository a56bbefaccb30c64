/* Sequential reads of 125 holding registers on one connection with libmodbus, the C library
 * most Modbus tools use. Prints requests per second.
 * Usage: client PORT COUNT */
#include <errno.h>
#include <modbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    int port = argc > 1 ? atoi(argv[1]) : 1502;
    long count = argc > 2 ? atol(argv[2]) : 20000;
    modbus_t *context = modbus_new_tcp("127.0.0.1", port);
    if (context == NULL || modbus_connect(context) < 0) {
        fprintf(stderr, "client: cannot connect to 127.0.0.1:%d: %s\n", port, modbus_strerror(errno));
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

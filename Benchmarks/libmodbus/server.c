/* A Modbus server on libmodbus: 125 holding registers from address 0. Over TCP, one client at
 * a time, answering until the client leaves, then waiting for the next; on a serial port (a
 * path), Modbus RTU as unit 1 at 115200 baud 8N1. The benchmark's device.
 * Usage: server PORT | server /dev/pts/N */
#include <errno.h>
#include <modbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int serve_rtu(const char *path, modbus_mapping_t *mapping) {
    modbus_t *context = modbus_new_rtu(path, 115200, 'N', 8, 1);
    if (context == NULL || modbus_set_slave(context, 1) < 0 || modbus_connect(context) < 0) {
        fprintf(stderr, "server: cannot open %s: %s\n", path, modbus_strerror(errno));
        return 1;
    }
    printf("listening on %s\n", path);
    fflush(stdout);
    uint8_t query[MODBUS_RTU_MAX_ADU_LENGTH];
    for (;;) {
        int length = modbus_receive(context, query);
        if (length > 0) modbus_reply(context, query, length, mapping);
        else if (length < 0 && errno != EMBBADCRC) break;
    }
    modbus_close(context);
    modbus_free(context);
    return 0;
}

int main(int argc, char **argv) {
    modbus_mapping_t *mapping = modbus_mapping_new(0, 0, 125, 0);
    if (mapping == NULL) {
        fprintf(stderr, "server: cannot allocate: %s\n", modbus_strerror(errno));
        return 1;
    }
    for (int i = 0; i < 125; i++) mapping->tab_registers[i] = (uint16_t)(i * 257);
    if (argc > 1 && argv[1][0] == '/') return serve_rtu(argv[1], mapping);
    int port = argc > 1 ? atoi(argv[1]) : 1502;
    modbus_t *context = modbus_new_tcp("127.0.0.1", port);
    if (context == NULL) {
        fprintf(stderr, "server: cannot allocate: %s\n", modbus_strerror(errno));
        return 1;
    }
    int listener = modbus_tcp_listen(context, 1);
    if (listener < 0) {
        fprintf(stderr, "server: cannot listen on %d: %s\n", port, modbus_strerror(errno));
        return 1;
    }
    printf("listening on 127.0.0.1:%d\n", port);
    fflush(stdout);
    uint8_t query[MODBUS_TCP_MAX_ADU_LENGTH];
    for (;;) {
        if (modbus_tcp_accept(context, &listener) < 0) break;
        for (;;) {
            int length = modbus_receive(context, query);
            if (length > 0) modbus_reply(context, query, length, mapping);
            else if (length < 0) break;
        }
        modbus_close(context);
    }
    modbus_mapping_free(mapping);
    modbus_free(context);
    return 0;
}

/* A Modbus TCP server on libmodbus: 125 holding registers from address 0, one client at a
 * time, answering until the client leaves, then waiting for the next. The benchmark's device.
 * Usage: server PORT */
#include <errno.h>
#include <modbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv) {
    int port = argc > 1 ? atoi(argv[1]) : 1502;
    modbus_t *context = modbus_new_tcp("127.0.0.1", port);
    modbus_mapping_t *mapping = modbus_mapping_new(0, 0, 125, 0);
    if (context == NULL || mapping == NULL) {
        fprintf(stderr, "server: cannot allocate: %s\n", modbus_strerror(errno));
        return 1;
    }
    for (int i = 0; i < 125; i++) mapping->tab_registers[i] = (uint16_t)(i * 257);
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

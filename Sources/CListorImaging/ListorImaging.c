#include "ListorImaging.h"

// jpeglib.h needs FILE and size_t declared before it.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <png.h>

// MARK: JPEG

struct listor_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
    char *message;
    size_t message_size;
};

static void listor_jpeg_error_exit(j_common_ptr info) {
    struct listor_jpeg_error *error = (struct listor_jpeg_error *)info->err;
    char text[JMSG_LENGTH_MAX];
    (*info->err->format_message)(info, text);
    snprintf(error->message, error->message_size, "%s", text);
    longjmp(error->escape, 1);
}

// Warnings (a truncated file's "premature end of data") are failures too: a cover either
// decodes whole or is refused.
static void listor_jpeg_emit_message(j_common_ptr info, int level) {
    if (level < 0) listor_jpeg_error_exit(info);
}

// The error manager of one call: errors (and, when decoding, warnings) jump back to its setjmp
// with libjpeg's message in `message`.
static struct jpeg_error_mgr *listor_jpeg_errors(struct listor_jpeg_error *error, int warnings_fail, char *message, size_t message_size) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&error->manager);
    manager->error_exit = listor_jpeg_error_exit;
    if (warnings_fail) manager->emit_message = listor_jpeg_emit_message;
    error->message = message;
    error->message_size = message_size;
    return manager;
}

int listor_jpeg_header(const uint8_t *data, size_t size, int *width, int *height, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct listor_jpeg_error error;
    info.err = listor_jpeg_errors(&error, 1, message, message_size);
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

// CMYK (and YCCK) as print covers are often saved, to RGB. Adobe's writers, which mark their
// files, store the four inks inverted; others store them as they are.
static void listor_cmyk_row_to_rgba(uint8_t *row, size_t count, int inverted) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *pixel = row + i * 4;
        unsigned c = pixel[0], m = pixel[1], y = pixel[2], k = pixel[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        pixel[0] = (uint8_t)((c * k + 127) / 255);
        pixel[1] = (uint8_t)((m * k + 127) / 255);
        pixel[2] = (uint8_t)((y * k + 127) / 255);
        pixel[3] = 255;
    }
}

int listor_jpeg_decode(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *message, size_t message_size) {
    struct jpeg_decompress_struct info;
    struct listor_jpeg_error error;
    info.err = listor_jpeg_errors(&error, 1, message, message_size);
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    if ((int)info.output_width != width || (int)info.output_height != height || info.output_components != 4) {
        snprintf(message, message_size, "its size changed between its header and its pixels");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    size_t stride = (size_t)width * 4;
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + stride * info.output_scanline;
        jpeg_read_scanlines(&info, &row, 1);
        if (cmyk) listor_cmyk_row_to_rgba(row, (size_t)width, info.saw_Adobe_marker);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}

int listor_jpeg_encode(const uint8_t *rgba, int width, int height, int quality, uint8_t **output, size_t *output_size,
                       char *message, size_t message_size) {
    struct jpeg_compress_struct info;
    struct listor_jpeg_error error;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    info.err = listor_jpeg_errors(&error, 0, message, message_size);
    if (setjmp(error.escape)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &buffer_size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 4;
    info.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)width * 4;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(rgba + stride * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *output = buffer;
    *output_size = buffer_size;
    return 0;
}

// MARK: PNG (libpng's simplified API reports errors in the image's message, without longjmp)

int listor_png_header(const uint8_t *data, size_t size, int *width, int *height, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return -1;
    }
    *width = (int)image.width;
    *height = (int)image.height;
    png_image_free(&image);
    return 0;
}

int listor_png_decode(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return -1;
    }
    if ((int)image.width != width || (int)image.height != height) {
        snprintf(message, message_size, "its size changed between its header and its pixels");
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return -1;
    }
    return 0;
}

int listor_png_encode(const uint8_t *rgba, int width, int height, uint8_t **output, size_t *output_size,
                      char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)width;
    image.height = (png_uint_32)height;
    image.format = PNG_FORMAT_RGBA;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, rgba, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        return -1;
    }
    uint8_t *buffer = malloc(size);
    if (buffer == NULL) {
        snprintf(message, message_size, "out of memory for a PNG of %zu bytes", (size_t)size);
        return -1;
    }
    if (!png_image_write_to_memory(&image, buffer, &size, 0, rgba, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        free(buffer);
        return -1;
    }
    *output = buffer;
    *output_size = size;
    return 0;
}

void listor_free(void *pointer) {
    free(pointer);
}

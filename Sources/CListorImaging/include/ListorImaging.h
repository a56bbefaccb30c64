// JPEG and PNG to and from RGBA pixels, on libjpeg-turbo and libpng, for Swift. libjpeg reports
// errors by calling a function that must not return; these wrappers catch that with
// setjmp/longjmp, which Swift cannot, and turn every failure into a message instead of an exit.
#ifndef LISTOR_IMAGING_H
#define LISTOR_IMAGING_H

#include <stddef.h>
#include <stdint.h>

/// 0 on success; otherwise -1 with the reason in `message`.
///
/// A decode writes `width` × `height` pixels of RGBA, 8 bits each, rows top to bottom, into
/// `pixels`, which holds that many: the size its header gave, so that the caller allocates
/// (and bounds) the memory once. CMYK JPEGs come out as RGB.
int listor_jpeg_header(const uint8_t *data, size_t size, int *width, int *height, char *message, size_t message_size);
int listor_jpeg_decode(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *message, size_t message_size);
int listor_jpeg_encode(const uint8_t *rgba, int width, int height, int quality, uint8_t **output, size_t *output_size,
                       char *message, size_t message_size);

int listor_png_header(const uint8_t *data, size_t size, int *width, int *height, char *message, size_t message_size);
int listor_png_decode(const uint8_t *data, size_t size, uint8_t *pixels, int width, int height, char *message, size_t message_size);
int listor_png_encode(const uint8_t *rgba, int width, int height, uint8_t **output, size_t *output_size,
                      char *message, size_t message_size);

void listor_free(void *pointer);

#endif

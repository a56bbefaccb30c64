// libjpeg-turbo, from the system's libjpeg (Debian's libjpeg-dev), for decoding and encoding JPEG.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>

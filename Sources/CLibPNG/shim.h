// libpng, from the system's libpng (Debian's libpng-dev), for decoding and encoding PNG.
#include <png.h>

// zlib, from the system (Debian's zlib1g-dev), for compressing responses with gzip.
#include <zlib.h>

/* zlib: Flate compression of the streams the library writes. */
#include <zlib.h>

// libxml2's HTML parser, from the system's libxml-2.0 (Debian's libxml2-dev), for TextBrowser.
//
// Debian builds libxml2 with ICU, and its encoding.h then includes the system's ICU headers,
// whose types clash in the module cache with the ICU copy Foundation carries (_FoundationICU:
// "'U_MF_…' is not present in definition of 'enum UErrorCode'"). The browser decodes text
// itself and hands libxml2 UTF-8, and never touches xmlCharEncodingHandler (the one struct the
// macro changes), so the ICU part of the headers is left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

// libxml2's HTML parser, from the system's libxml-2.0 (Debian's libxml2-dev), for TextBrowser.
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>

#ifndef SITEGEN_CLIBXML2_SHIM_H
#define SITEGEN_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its encoding header then includes ICU's headers,
// which clash with the ICU copy inside Swift's Foundation. sitegen never touches libxml2's
// encoding handlers (pages are UTF-8), only pointers to them, so ICU's headers are left out.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>

/// xmlFree is a global function pointer, which Swift 6 sees as shared mutable state.
static inline void sitegen_xml_free(void *pointer) { xmlFree(pointer); }
#endif

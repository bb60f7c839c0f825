#ifndef SITEGEN_CCJSON_SHIM_H
#define SITEGEN_CCJSON_SHIM_H
#include <cjson/cJSON.h>
#endif

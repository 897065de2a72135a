# Findhnswlib: Debian's libhnswlib-dev is header-only with no CMake config or .pc file.
# hnswlib 0.6.2 defines non-inline functions in its header: include it in ONE TU only.
find_path(HNSWLIB_INCLUDE_DIR NAMES hnswlib/hnswlib.h)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(hnswlib REQUIRED_VARS HNSWLIB_INCLUDE_DIR)
if(hnswlib_FOUND AND NOT TARGET hnswlib::hnswlib)
  add_library(hnswlib::hnswlib INTERFACE IMPORTED)
  set_target_properties(hnswlib::hnswlib PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${HNSWLIB_INCLUDE_DIR}")
endif()
mark_as_advanced(HNSWLIB_INCLUDE_DIR)

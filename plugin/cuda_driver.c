/* cuda_driver.c - whether the CUDA driver is there (cuda_driver.h). */
#include "cuda_driver.h"

#include "real.h"

bool om_cuda_driver_loaded(void) {
  return OM_REAL_IF_LOADED(cuCtxGetCurrent) != NULL && OM_REAL_IF_LOADED(cuCtxSetCurrent) != NULL &&
         OM_REAL_IF_LOADED(cuCtxPushCurrent_v2) != NULL &&
         OM_REAL_IF_LOADED(cuCtxPopCurrent_v2) != NULL &&
         OM_REAL_IF_LOADED(cuMemHostRegister_v2) != NULL &&
         OM_REAL_IF_LOADED(cuMemHostUnregister) != NULL &&
         OM_REAL_IF_LOADED(cuStreamCreate) != NULL && OM_REAL_IF_LOADED(cuStreamDestroy_v2) != NULL &&
         OM_REAL_IF_LOADED(cuStreamSynchronize) != NULL &&
         OM_REAL_IF_LOADED(cuMemcpyHtoDAsync_v2) != NULL &&
         OM_REAL_IF_LOADED(cuMemcpyDtoHAsync_v2) != NULL;
}

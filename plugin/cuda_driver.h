/* cuda_driver.h - the CUDA driver's functions that the plugin calls
 * (pinning.c, staging.c), declared once from the driver's signatures with
 * its handles as plain types: CUresult is an int (0: success), CUcontext
 * and CUstream are pointers, CUdeviceptr is 64 bits. They are found through
 * real.h (OM_REAL_IF_LOADED), and only in the libcuda the runtime loaded. */
#ifndef OWNMAP_PLUGIN_CUDA_DRIVER_H
#define OWNMAP_PLUGIN_CUDA_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int cuCtxGetCurrent(void **context);
int cuCtxSetCurrent(void *context);
int cuCtxPushCurrent_v2(void *context);
int cuCtxPopCurrent_v2(void **context);
int cuMemHostRegister_v2(void *begin, size_t bytes, unsigned flags);
int cuMemHostUnregister(void *begin);
int cuStreamCreate(void **stream, unsigned flags);
int cuStreamDestroy_v2(void *stream);
int cuStreamSynchronize(void *stream);
int cuMemcpyHtoDAsync_v2(uint64_t device, const void *host, size_t bytes, void *stream);
int cuMemcpyDtoHAsync_v2(void *host, uint64_t device, size_t bytes, void *stream);

/* cuMemHostRegister: usable from every context. */
#define OM_CU_MEMHOSTREGISTER_PORTABLE 0x01u
/* cuStreamCreate: no implicit synchronization with the legacy stream. */
#define OM_CU_STREAM_NON_BLOCKING 0x01u

/* Whether a CUDA driver with every function above is loaded (by the
 * runtime: without it the device is not a CUDA device). Until one is, every
 * call looks again, since the runtime may load it after the program's
 * first allocations. */
bool om_cuda_driver_loaded(void);

#endif

/* hot_path.h - where the code of a recalled target region lies.
 *
 * On a GPU machine the driver's work between two target regions evicts
 * most of the plugin's code from the caches, so what a region's own code
 * costs there depends on the cache lines it touches as much as on its
 * instructions (test/bench/region-footprint counts both). OM_HOT marks the functions a
 * recalled kernel runs: the compiler puts them together (.text.hot), not
 * between functions that never run in a time loop. OM_COLD marks functions
 * that run rarely (messages, reports): they go elsewhere (.text.unlikely),
 * and the compiler lays out the blocks that call them after the others.
 */
#ifndef OWNMAP_RTL_HOT_PATH_H
#define OWNMAP_RTL_HOT_PATH_H

#define OM_HOT __attribute__((hot))
#define OM_COLD __attribute__((cold))

#endif

// Declares a global that test/rewriter/loop-globals.c defines only after a
// loop reads it.
extern float from_header;

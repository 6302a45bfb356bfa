package com.numa.profiler;

import com.numa.profiler.rt.AccessSink;

/** A sink that ignores every event; a test overrides the ones it records. */
public class IgnoringSink implements AccessSink {
    @Override public void read(Object o) { }
    @Override public void write(Object o) { }
    @Override public void readArray(Object a, int i) { }
    @Override public void writeArray(Object a, int i) { }
    @Override public void readStatic(int id) { }
    @Override public void writeStatic(int id) { }
    @Override public void allocated(Object o, int site) { }
    @Override public void primitiveArrayMade(int length, int siteAndScale, int weight) { }
    @Override public void explicitGc() { }
    @Override public void controlPoint(int id) { }
}

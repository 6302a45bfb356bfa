package com.numa.profiler.groundtruth.nodes;

/** The public subclass a reflective caller sees, as PMD's AST node classes. */
public final class NamedNode extends BaseNode {
    private final int depth;

    public NamedNode(String image, int depth) {
        super(image);
        this.depth = depth;
    }

    public int getDepth() {
        return depth;
    }

    public boolean isLeaf() {
        return depth > 2;
    }
}

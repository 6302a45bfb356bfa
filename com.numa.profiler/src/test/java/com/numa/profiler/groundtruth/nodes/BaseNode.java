package com.numa.profiler.groundtruth.nodes;

/** Package-private and topmost, as PMD's AbstractJavaNode: the class the profiler gives the header word. */
abstract class BaseNode {
    private final String image;

    BaseNode(String image) {
        this.image = image;
    }

    public String getImage() {
        return image;
    }
}

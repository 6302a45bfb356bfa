package com.numa.perfutil.affinity;

import com.numa.perfutil.linux.Errno;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answer of move_pages for a list of addresses: per address the real node holding its page, or why there is none.
 * Node ids are real kernel nodes, also on an emulated topology.
 */
public final class PageNodes {
    private final long[] addresses;
    private final int[] status;

    PageNodes(long[] addresses, int[] status) {
        this.addresses = addresses.clone();
        this.status = status.clone();
    }

    public int size() {
        return addresses.length;
    }

    public long address(int i) {
        return addresses[i];
    }

    /** The real node of page i, or {@link PageLocator#NOT_PRESENT} when there is no page (see {@link #reason}). */
    public int node(int i) {
        return status[i] >= 0 ? status[i] : PageLocator.NOT_PRESENT;
    }

    public boolean present(int i) {
        return status[i] >= 0;
    }

    /** The errno the kernel reported for page i, 0 when it has a node. */
    public int errno(int i) {
        return status[i] >= 0 ? 0 : -status[i];
    }

    /** Why page i has or has not a node, in words. */
    public String reason(int i) {
        int s = status[i];
        if (s >= 0) {
            return "on node " + s;
        }
        return switch (-s) {
            case Errno.ENOENT -> "not present: the page was never touched (ENOENT)";
            case Errno.EFAULT -> "not present: address not mapped, or only the shared zero page was read (EFAULT)";
            case Errno.EACCES -> "not moved: the page is shared with other processes (EACCES)";
            case Errno.EBUSY -> "not moved: the page is busy (EBUSY), try again";
            case Errno.ENOMEM -> "not moved: the target node is out of memory (ENOMEM)";
            default -> Errno.name(-s) + " (" + Errno.describe(-s) + ")";
        };
    }

    /** Pages per real node, ascending by node; absent pages are not counted. */
    public Map<Integer, Integer> pagesPerNode() {
        Map<Integer, Integer> out = new TreeMap<>();
        for (int s : status) {
            if (s >= 0) {
                out.merge(s, 1, Integer::sum);
            }
        }
        return out;
    }

    /** How many addresses have no page. */
    public int notPresent() {
        int n = 0;
        for (int s : status) {
            if (s < 0) {
                n++;
            }
        }
        return n;
    }
}

package com.numa.profiler.tracking;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Ids handed out while instrumenting: allocation sites (id 0 = unknown site), and the classes named by accessed fields
 * ({@link OwnerIds}). Written at class-load time,
 * read when reporting.
 * The static storage of a class counts as one object with its own pseudo allocation site.
 */
public final class SiteRegistry {
    static final AllocationSite UNKNOWN_SITE = new AllocationSite(0, "?", "?", 0, "<unknown>", false);
    private final List<AllocationSite> sites = new ArrayList<>(List.of(UNKNOWN_SITE));
    private final ConcurrentHashMap<String, Integer> staticIds = new ConcurrentHashMap<>();
    /** The ids of the classes that name accessed fields (sampled mode's word hooks). */
    public final OwnerIds owners = new OwnerIds();

    /** Names repeat across sites (same class, method, type): one copy each keeps the registry small. */
    private final java.util.HashMap<String, String> names = new java.util.HashMap<>();

    private String canonical(String s) {
        String known = names.putIfAbsent(s, s);
        return known != null ? known : s;
    }

    public synchronized int addSite(String internalClass, String method, int line, String type, boolean array) {
        int id = sites.size();
        if (id > OwnerWords.MAX_SITE) {
            return OwnerWords.MAX_SITE; // beyond the word's reach: all further sites share the last id
        }
        sites.add(new AllocationSite(id, canonical(internalClass.replace('/', '.')), canonical(method), line,
                canonical(type), array));
        return id;
    }

    /** Sites told apart by their calling frames (-XX:NUMAProfilerSiteDepth): "site id|stack" → id. */
    private final ConcurrentHashMap<String, Integer> stackIds = new ConcurrentHashMap<>();

    /**
     * The site standing for allocation site {@code siteId} reached through the calling frames {@code stack} (see
     * {@link AllocationSite#stack()}); made on first use.
     */
    int stackSite(int siteId, String stack) {
        String key = siteId + "|" + stack;
        Integer id = stackIds.get(key);
        if (id != null) {
            return id;
        }
        synchronized (this) {
            return stackIds.computeIfAbsent(key, k -> {
                AllocationSite s = site(siteId);
                int next = sites.size();
                if (next > OwnerWords.MAX_SITE) {
                    return siteId; // beyond the word's reach: the site without its stack
                }
                sites.add(new AllocationSite(next, s.className(), s.method(), s.line(), s.type(), s.array(), canonical(stack)));
                return next;
            });
        }
    }

    public synchronized AllocationSite site(int id) {
        return id >= 0 && id < sites.size() ? sites.get(id) : UNKNOWN_SITE;
    }

    public synchronized int siteCount() {
        return sites.size();
    }

    /**
     * The pseudo allocation site standing for a class's static storage (one object per class name, whatever its
     * loader); its id also indexes {@link StaticStorage}.
     */
    public int staticStorageId(String internalClass) {
        Integer id = staticIds.get(internalClass);
        if (id != null) {
            return id;
        }
        synchronized (this) {
            return staticIds.computeIfAbsent(internalClass, k -> {
                String name = k.replace('/', '.');
                return addSite(k, "<statics>", 0, name + ".<statics>", false);
            });
        }
    }
}

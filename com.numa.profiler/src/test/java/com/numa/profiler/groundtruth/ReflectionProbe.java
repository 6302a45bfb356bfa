package com.numa.profiler.groundtruth;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Member;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.zip.CRC32;

/**
 * Prints what reflection and serialization see of the classes named in the arguments (one block per class, members
 * sorted), then the CRC of some serialized objects; run with and without the agent, the outputs must agree except for
 * the header word field the profiler deliberately keeps.
 */
public final class ReflectionProbe {
    public static void main(String[] args) throws Exception {
        for (String name : args) {
            Class<?> c = Class.forName(name);
            System.out.println("== " + name);
            System.out.println("methods " + sorted(c.getMethods()));
            System.out.println("declaredMethods " + sorted(c.getDeclaredMethods()));
            System.out.println("declaredConstructors " + sorted(c.getDeclaredConstructors()));
            System.out.println("interfaces " + Arrays.toString(c.getInterfaces()));
            System.out.println("genericInterfaces " + Arrays.toString(c.getGenericInterfaces()));
            System.out.println("superclass " + c.getGenericSuperclass());
            System.out.println("modifiers " + c.getModifiers());
            for (var f : c.getDeclaredFields()) { // one line each, so the test can drop the deliberate one
                System.out.println("declaredField " + f.toGenericString() + " synthetic=" + f.isSynthetic());
            }
            ObjectStreamClass osc = ObjectStreamClass.lookup(c);
            System.out.println("serialVersionUID " + (osc == null ? "-" : osc.getSerialVersionUID()));
            if (osc != null) {
                System.out.println("serialFields " + Arrays.toString(osc.getFields()));
            }
        }
        HashMap<String, Integer> map = new HashMap<>(Map.of("a", 1, "b", 2));
        for (Serializable o : List.<Serializable>of(new AllKindsOfAccess(), map, new ConcurrentHashMap<>(map), new java.util.ArrayList<>(map.keySet()),
                new java.util.concurrent.ConcurrentSkipListMap<>(map), new java.util.PriorityQueue<>(map.values()))) {
            System.out.println("serialized " + o.getClass().getName() + " crc " + crc(o));
        }
    }

    private static String sorted(Member[] members) {
        String[] s = new String[members.length];
        for (int i = 0; i < s.length; i++) {
            s[i] = members[i] instanceof java.lang.reflect.Method m ? m.toGenericString() + (m.isSynthetic() ? " synthetic" : "")
                    : members[i].toString();
        }
        Arrays.sort(s);
        return String.join(", ", s);
    }

    private static long crc(Serializable o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        CRC32 crc = new CRC32();
        crc.update(bytes.toByteArray());
        return crc.getValue();
    }
}

package com.numa.profiler.groundtruth;

import com.numa.profiler.groundtruth.nodes.NamedNode;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * What PMD does with AST nodes (without PMD): lists a class's public methods by reflection and
 * calls every no-argument instance one, as XPath attributes. Prints each result or the exception, sorted.
 */
public final class PublicGettersProgram {
    public static void main(String[] args) {
        List<Object> nodes = new ArrayList<>(List.of(new NamedNode("root", 1), new NamedNode("leaf", 3), new Box()));
        for (Object node : nodes) {
            TreeMap<String, String> attributes = new TreeMap<>();
            for (Method m : node.getClass().getMethods()) {
                if (m.getParameterCount() != 0 || Modifier.isStatic(m.getModifiers())
                        || m.getDeclaringClass() == Object.class) {
                    continue;
                }
                String value;
                try {
                    value = String.valueOf(m.invoke(node));
                } catch (ReflectiveOperationException e) {
                    value = e.getClass().getSimpleName() + ": " + e.getMessage();
                }
                attributes.put(m.getName(), value);
            }
            System.out.println(node.getClass().getSimpleName() + " " + attributes);
        }
    }
}

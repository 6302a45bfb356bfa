package com.numa.profiler.sharing;

import com.numa.core.types.TypeNames;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.openjdk.jol.datamodel.DataModel;
import org.openjdk.jol.datamodel.Model64;
import org.openjdk.jol.datamodel.Model64_Lilliput;
import org.openjdk.jol.info.ClassData;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldData;
import org.openjdk.jol.info.FieldLayout;
import org.openjdk.jol.layouters.Layouter;

/**
 * Where each word of an object lives: the HotSpot layout of its class, through JOL ({@code org.openjdk.jol}), for
 * fields; base offset + index * scale for array elements.
 *
 * <p>JOL's own {@code CurrentLayouter} asks {@code sun.misc.Unsafe} for each field's offset, but getting there
 * ({@code VM.current()}) prints to the application's stdout when it finds no Instrumentation or Serviceability Agent, may
 * start a process to attach the agent, and from JDK 24 makes the JDK print a deprecation warning into the program's
 * stderr; and JOL's {@code ClassData.parseClass} prints to stdout when it cannot read a {@code @Contended} group (it
 * cannot, for {@code jdk.internal.vm.annotation.Contended} outside java.base). So the class is described to JOL here
 * ({@link ClassData}, {@link FieldData} of the whole hierarchy in JOL's order, {@code @Contended} from the annotation's
 * type), and the offsets come from a JOL {@link Layouter} over the JDK's internal Unsafe the profiler already holds
 * ({@link Offsets}); JOL makes the {@link ClassLayout} and its printout. A test compares the result with JOL's
 * {@code CurrentLayouter} field by field.
 */
public final class WordLayouts {
    /** The VM's answers (jdk.internal.misc.Unsafe), or -1 where it has none. */
    public interface Offsets {
        long fieldOffset(Class<?> declaring, String name);

        int arrayBase(Class<?> arrayClass);

        int arrayScale(Class<?> arrayClass);
    }

    private final Offsets offsets;
    private final String hiddenField;
    private final FieldIds ids;
    private final DataModel model;
    private final ClassValue<WordLayout> layouts = new ClassValue<>() {
        @Override
        protected WordLayout computeValue(Class<?> c) {
            return build(c);
        }
    };

    /**
     * {@code hiddenField}: the profiler's own injected field (not the application's, never reported); {@code ids}: the
     * field ids the hooks pass.
     */
    public WordLayouts(Offsets offsets, String hiddenField, FieldIds ids) {
        this.offsets = offsets;
        this.hiddenField = hiddenField;
        this.ids = ids;
        this.model = model(offsets);
    }

    /** The layout of instances (or arrays) of {@code c}. */
    public WordLayout of(Class<?> c) {
        return layouts.get(c);
    }

    FieldIds ids() {
        return ids;
    }

    /** JOL's data model of this VM: compressed references and class pointers, or compact headers (JDK 24+). */
    private static DataModel model(Offsets offsets) {
        int refScale = offsets.arrayScale(Object[].class);
        int intBase = offsets.arrayBase(int[].class);
        boolean compressedRefs = refScale != 8;
        if (intBase == 12) {
            return new Model64_Lilliput(compressedRefs, 8, false);
        }
        return new Model64(compressedRefs, intBase != 20 && intBase != 24, 8);
    }

    /** A JOL layouter over {@link Offsets}: the running VM's real offsets. */
    public Layouter layouter() {
        return new Layouter() {
            @Override
            public ClassLayout layout(ClassData data) {
                return classLayout(data, place(data));
            }

            @Override
            public String toString() {
                return "the running VM's offsets (jdk.internal.misc.Unsafe), " + model;
            }
        };
    }

    /** A field of a class and where the VM put it. */
    private record Placed(FieldData field, long offset, long size) {
    }

    private List<Placed> place(ClassData data) {
        List<Placed> placed = new ArrayList<>();
        for (FieldData f : data.fields()) {
            placed.add(new Placed(f, offsets.fieldOffset(f.refField().getDeclaringClass(), f.name()), sizeOf(f.typeClass())));
        }
        return placed;
    }

    private ClassLayout classLayout(ClassData data, List<Placed> placed) {
        SortedSet<FieldLayout> result = new TreeSet<>();
        long end = model.headerSize();
        for (Placed p : placed) {
            result.add(new FieldLayout(p.field(), p.offset(), p.size()));
            end = Math.max(end, p.offset() + p.size());
        }
        long align = model.objectAlignment();
        return ClassLayout.create(data, result, model, (end + align - 1) / align * align, false);
    }

    private long sizeOf(String type) {
        switch (type) {
            case "long": case "double": return 8;
            case "int": case "float": return 4;
            case "short": case "char": return 2;
            case "byte": case "boolean": return 1;
            default: return Math.max(4, offsets.arrayScale(Object[].class));
        }
    }

    /**
     * JOL's description of {@code c}, as {@code ClassData.parseClass} makes it (the class's fields, then its
     * superclasses', each class's in declaration order), with each field's reflective Field in {@code refs}.
     */
    private static ClassData describe(Class<?> c, List<java.lang.reflect.Field> refs) {
        ClassData data = new ClassData(c.getName());
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    data.addField(FieldData.create(readable(k), f.getName(), readable(f.getType()), contended(f), null));
                    refs.add(f);
                }
            }
            data.addSuperClass(readable(k));
        }
        return data;
    }

    /** The name JOL prints (the canonical name where there is one), as its ClassUtils.getSafeName. */
    private static String readable(Class<?> c) {
        String n = c.getCanonicalName();
        return n != null ? n : c.getName();
    }

    /** Whether {@code f} carries @Contended (read from the annotation's type: its group is not readable here). */
    static boolean contended(java.lang.reflect.Field f) {
        for (java.lang.annotation.Annotation a : f.getDeclaredAnnotations()) {
            String n = a.annotationType().getName();
            if (n.equals("jdk.internal.vm.annotation.Contended") || n.equals("sun.misc.Contended")) {
                return true;
            }
        }
        return false;
    }

    private WordLayout build(Class<?> c) {
        if (c.isArray()) {
            return WordLayout.array(TypeNames.of(c), offsets.arrayBase(c), offsets.arrayScale(c));
        }
        List<java.lang.reflect.Field> refs = new ArrayList<>();
        ClassData data = describe(c, refs);
        List<Placed> placed = new ArrayList<>();
        List<WordLayout.Word> words = new ArrayList<>();
        for (int i = 0; i < refs.size(); i++) {
            java.lang.reflect.Field f = refs.get(i);
            FieldData fd = data.fields().get(i);
            long at = offsets.fieldOffset(f.getDeclaringClass(), f.getName());
            placed.add(new Placed(fd, at, sizeOf(fd.typeClass())));
            if (f.getName().equals(hiddenField) || at < 0) {
                continue;
            }
            words.add(new WordLayout.Word(f.getName(), f.getDeclaringClass().getName(), fd.typeClass(), at,
                    (int) sizeOf(fd.typeClass()), fd.isContended()));
        }
        words.sort(java.util.Comparator.comparingLong(WordLayout.Word::offset));
        return WordLayout.instance(TypeNames.of(c), words, classLayout(data, placed).toPrintable());
    }

    /** Resolves field {@code id} (named by an instruction on {@code owner}) to a word of instances of {@code c}. */
    int resolve(Class<?> c, int id) {
        String owner = ids.owner(id);
        String name = ids.name(id);
        if (owner == null) {
            return -1;
        }
        Class<?> k = c;
        while (k != null && !k.getName().equals(owner)) {
            k = k.getSuperclass();
        }
        for (; k != null; k = k.getSuperclass()) {
            for (java.lang.reflect.Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) {
                    return of(c).wordNamed(k.getName(), name);
                }
            }
        }
        return -1;
    }
}

package com.numa.junit;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.util.Optional;
import org.junit.jupiter.api.extension.ExtensionConfigurationException;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * The extension behind {@link NumaProfiled}: makes sure the profiler runs ({@link AgentLoader}), resolves
 * {@link NumaProfile} parameters, and wraps each test method's body in one profiler span, so the profile covers the
 * body only (not the {@code @BeforeEach}/{@code @AfterEach} methods).
 */
final class NumaProfileExtension implements ParameterResolver, InvocationInterceptor {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(NumaProfileExtension.class);
    private static final String PROFILE = "profile";

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == NumaProfile.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        requireProfiler(context);
        return profile(context);
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
            ExtensionContext context) throws Throwable {
        profiled(invocation, context);
    }

    /** Each invocation of a {@code @RepeatedTest} or {@code @ParameterizedTest} is profiled on its own. */
    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
            ReflectiveInvocationContext<Method> invocationContext, ExtensionContext context) throws Throwable {
        profiled(invocation, context);
    }

    private static void profiled(Invocation<Void> invocation, ExtensionContext context) throws Throwable {
        requireProfiler(context);
        NumaProfile profile = profile(context);
        ProfilerSpan span = ProfilerSpan.open();
        profile.readFrom(span::read);
        try {
            invocation.proceed();
        } finally {
            NumaProfile.Counts done = span.close();
            profile.readFrom(() -> done);
        }
    }

    private static NumaProfile profile(ExtensionContext context) {
        return context.getStore(NAMESPACE).getOrComputeIfAbsent(PROFILE,
                k -> new NumaProfile(context.getRequiredTestClass().getSimpleName() + "." + context.getRequiredTestMethod()
                        .getName()), NumaProfile.class);
    }

    private static void requireProfiler(ExtensionContext context) {
        String problem = AgentLoader.ensureProfiler(flags(context), context.getRequiredTestClass().getPackageName());
        if (problem != null) {
            throw new ExtensionConfigurationException("numa-junit: " + problem);
        }
    }

    /** The nearest {@link NumaProfiled#agentFlags()}: the method's, else its class's (or an enclosing class's). */
    private static String flags(ExtensionContext context) {
        Optional<ExtensionContext> c = Optional.of(context);
        while (c.isPresent()) {
            Optional<AnnotatedElement> element = c.get().getElement();
            if (element.isPresent()) {
                Optional<NumaProfiled> a = AnnotationSupport.findAnnotation(element.get(), NumaProfiled.class);
                if (a.isPresent()) {
                    return a.get().agentFlags();
                }
            }
            c = c.get().getParent();
        }
        return AgentLoader.DEFAULT_FLAGS;
    }
}

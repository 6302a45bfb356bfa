package com.numa.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Profiles each test method (on a class: every test method of it) with the numa agent's NUMAProfiler: the window opens
 * when the method's body starts and closes when it returns, after the {@code @BeforeEach} methods and before the
 * {@code @AfterEach} ones. A test method takes the profile as a {@link NumaProfile} parameter; every thread that
 * accesses profiled data while the window is open counts, those the test starts included.
 *
 * <p>The agent is loaded once per test JVM: by Surefire's {@code argLine}
 * ({@code -javaagent:/path/numa-agent.jar=NUMAProfiler,NUMAProfilerOnDemand,NUMAProfilerDiagnose}), or, when the JVM
 * runs without it and {@code -Dnuma.agent=/path/numa-agent.jar} names the jar, by attaching it to the test JVM before
 * the first profiled test (with {@link #agentFlags()}). Without either, the test fails with a message saying how to
 * add it.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@ExtendWith(NumaProfileExtension.class)
public @interface NumaProfiled {
    /** The agent's flags when the extension attaches it itself (in the agent grammar); ignored when it already runs. */
    String agentFlags() default AgentLoader.DEFAULT_FLAGS;
}

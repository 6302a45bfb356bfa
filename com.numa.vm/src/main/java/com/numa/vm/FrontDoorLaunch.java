package com.numa.vm;

import com.numa.core.flags.FlagException;
import com.numa.core.flags.FlagValues;
import com.numa.diagnose.LaunchSupport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The front door's way of reading and checking a java command line, lent to tools that live below it. */
final class FrontDoorLaunch implements LaunchSupport {
    @Override
    public List<List<String>> split(List<String> javaArguments) {
        LauncherArguments split = LauncherArguments.split(javaArguments, NumaFlags::claims);
        List<String> java = new ArrayList<>(split.javaOptions());
        java.addAll(split.launch());
        return List.of(split.numaFlags(), java);
    }

    @Override
    public FlagValues parse(List<String> numaFlags) throws FlagException {
        return NumaFlags.set().parse(numaFlags);
    }

    @Override
    public Path agentJarIfReady(FlagValues flags, PrintWriter err) {
        return LaunchChecks.agentJarIfReady(flags, err);
    }
}

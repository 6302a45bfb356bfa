"""mx commands of the numa suite.

  mx vm [NUMA flags] [java options] (MainClass | -jar app.jar) [args]
      Runs com.numa.vm.Launcher from the NUMA_AGENT jar: the same launcher, flag registry and agent as bin/numa vm,
      so behaviour (flag handling, exit codes, -XX:+PrintNUMAFlags) is identical.
  mx numa [command] [options]
      Any command of the numa CLI (numa --help lists them), e.g. mx numa flags --markdown.
  mx characterize [options] (--suite builtin | -- <java arguments>)
      The characterization study, exactly as bin/numa characterize.
  mx numa-features
      Lists the feature registry (com.numa.vm/src/main/resources/META-INF/services/com.numa.core.feature.Feature) and
      checks that every registered feature's module is a project of this suite.
  mx numa-junit [JUnit console options]
      Runs the JUnit 5 suites of every module's src/test and of tests/ (jqwik properties included) with the JUnit
      Platform console launcher (mx unittest runs JUnit 4 only).
      Without a --select-*/--scan-* option every test class is run (*Test and *IT).

Build first with `mx --suite numa build`.
"""
import os
from os.path import exists, isdir, join

import mx

_suite = mx.suite('numa')


def mx_post_parse_cmd_line(opts):
    # Some JDK builds (e.g. Temurin 25) ship without jmods/; tell mx not to look for them.
    if getattr(opts, 'jmods_dir', None) is None:
        home = os.environ.get('JAVA_HOME')
        if home and not isdir(join(home, 'jmods')):
            opts.jmods_dir = 'NO_JMODS'


def _agent_jar():
    jar = mx.distribution('NUMA_AGENT').path
    if not exists(jar):
        mx.abort('numa: the agent jar ' + jar + ' does not exist: build it with `mx --suite numa build`')
    return jar


def _native_access(jdk):
    # JDK 22+ warns on JNA's native calls unless native access is granted (the launcher does the same for its target).
    return ['--enable-native-access=ALL-UNNAMED'] if jdk.javaCompliance.value >= 22 else []


@mx.command('numa', 'vm', '[NUMA flags] [java options] (MainClass | -jar app.jar) [args...]')
def vm(args):
    """run java with the numa-jvm agent (as bin/numa vm)"""
    jdk = mx.get_jdk(tag='default')
    launcher_vm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC']  # as bin/numa: the launcher only splits and waits
    return mx.run([jdk.java] + launcher_vm + ['-cp', _agent_jar(), 'com.numa.vm.Launcher', 'vm'] + args,
                  nonZeroIsFatal=False)


@mx.command('numa', 'numa', '[command] [options] (numa --help lists the commands)')
def numa(args):
    """run a command of the numa CLI (as bin/numa)"""
    jdk = mx.get_jdk(tag='default')
    return mx.run([jdk.java, '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-cp', _agent_jar(), 'com.numa.vm.Launcher']
                  + args, nonZeroIsFatal=False)


@mx.command('numa', 'characterize', '[options] (--suite SUITE | -- <java arguments>)')
def characterize(args):
    """the NUMA characterization study (as bin/numa characterize)"""
    return numa(['characterize'] + args)


_REGISTRY = join('com.numa.vm', 'src', 'main', 'resources', 'META-INF', 'services', 'com.numa.core.feature.Feature')


def _registered_features():
    with open(join(_suite.dir, _REGISTRY)) as f:
        return [line.split('#')[0].strip() for line in f if line.split('#')[0].strip()]


@mx.command('numa', 'numa-features', '')
def numa_features(args):
    """list the feature registry and check each feature's module is a project of the suite"""
    projects = [p.name for p in _suite.projects]
    missing = []
    for feature in _registered_features():
        owner = [p for p in projects if feature.startswith(p + '.')]
        print(feature + ' -> ' + (owner[0] if owner else 'NO PROJECT'))
        if not owner:
            missing.append(feature)
    if missing:
        mx.abort('numa: registered feature(s) without an mx project: ' + ', '.join(missing) + ' (add the module to mx.numa/suite.py)')


_SELECTORS = ('--select', '--scan', '-c', '-p', '-m', '-d', '-f', '-u', '-o', '-r', '-i', '-e')


@mx.command('numa', 'numa-junit', '[JUnit Platform console options, e.g. --select-class com.numa.vm.NumaFlagsTest]')
def numa_junit(args):
    """run the JUnit 5 suites with the JUnit Platform console launcher"""
    jdk = mx.get_jdk(tag='default')
    # Every testProject of suite.py (MxModuleGraphTest checks this list against it).
    test_projects = ['com.numa.tests', 'com.numa.core.tests', 'com.numa.perfutil.tests', 'com.numa.profiler.tests',
                     'com.numa.opt.tests', 'com.numa.gc.tests', 'com.numa.speedup.tests', 'com.numa.characterize.tests',
                     'com.numa.vm.tests', 'com.numa.bench.tests']
    out = join(_suite.dir, 'mxbuild', 'test-output')
    props = [
        '-Dnuma.agent.jar=' + _agent_jar(),
        '-Dnuma.home=' + _suite.dir,
        '-Dnuma.test.output=' + out,
    ]
    selected = any(a.startswith(_SELECTORS) for a in args)
    scanned = os.pathsep.join(mx.project(p).output_dir() for p in test_projects)
    # the unit tests (*Test) and the tests that start processes (*IT), as Maven's surefire and failsafe run them
    selection = [] if selected else ['--scan-class-path', scanned, '--include-classname', r'^.*(Tests?|IT)$']
    cmd = [jdk.java] + _native_access(jdk) + props + [
        '-cp', mx.classpath(test_projects, jdk=jdk),
        'org.junit.platform.console.ConsoleLauncher', 'execute',
        '--disable-banner', '--disable-ansi-colors', '--fail-if-no-tests',
    ] + selection + args
    return mx.run(cmd, nonZeroIsFatal=False)

# numa-jvm as an mx suite: the same sources as the Maven build (each module's src/main/java), built by mx.
#   mx --suite numa build        compile every project and the NUMA_AGENT jar
#   mx vm [NUMA flags] ...        the launcher, exactly as bin/numa vm (see mx_numa.py)
#   mx numa-junit [console args]  the JUnit 5 suites through the JUnit Platform console launcher
# Library digests are sha512 of the Maven Central jars (Central itself serves only sha1); versions match pom.xml.
# mx compiles a project against only the JDK modules it declares ("requires"). Every project gets the same list:
# agent code (java.instrument), thread dumps and MBeans (java.management, jdk.management), and java.sql, which
# appears in the API of commons-csv. mx reads this file as data: no Python variables.
suite = {
    "mxversion": "7.27.0",
    "name": "numa",
    "groupId": "com.numa",
    "version": "0.1.0",
    "release": False,
    "defaultLicense": "Apache-2.0",

    # License names (Apache-2.0, BSD-new, EPL-2.0, GPLv2-CPE, MIT) are the ones mx itself defines.
    "libraries": {
        "JNA": {
            "digest": "sha512:33f352528fc70a07ffc9184ff80647b02c51ea26ceb11ce70eea4adbd9419a6f811bc11746dc73ddf40ff2a21daedbeaabd349e901f30ec5e841a1f5fc6f1b52",
            "license": "Apache-2.0",
            "maven": {"groupId": "net.java.dev.jna", "artifactId": "jna", "version": "5.17.0"},
        },
        "COMMONS_IO": {
            "digest": "sha512:786778529435d8a14ab6ce2176cdf2b9ee6585a71893b785f26257122166dcefc7c4af3f612eda3974b06c16d06fc357178bf28b9b74010e9bc04c33221adc2f",
            "license": "Apache-2.0",
            "maven": {"groupId": "commons-io", "artifactId": "commons-io", "version": "2.18.0"},
        },
        "COMMONS_CODEC": {
            "digest": "sha512:4d974c2203dd6780da6e50ec1c7d8ff727f9ed55fba706fdc50b9484fc5da5e03b67bc6ad2f0d9ae74f823ecce04a40c513bbabd8bf9e91ac8fec04cd3519ffa",
            "license": "Apache-2.0",
            "maven": {"groupId": "commons-codec", "artifactId": "commons-codec", "version": "1.18.0"},
        },
        "COMMONS_CSV": {
            "digest": "sha512:a8f3e364fe76155f8a6a201bedec52d8e09b712752c37fd3380f71da397dd78aae01718060b8ce96f8e0ab692d33b29c04a4cb6ee3b0a374d17c3f6456abb3ab",
            "license": "Apache-2.0",
            "dependencies": ["COMMONS_IO", "COMMONS_CODEC"],
            "maven": {"groupId": "org.apache.commons", "artifactId": "commons-csv", "version": "1.14.0"},
        },
        "JACKSON_CORE": {
            "digest": "sha512:2223f6d8235c6831b488dd2723a4569e4dab6c2371f0e39f867b57a3a443e093d1fce05dc070a350fa306d7e952888cb09c7c816254147b01083d122964fc3a5",
            "license": "Apache-2.0",
            "maven": {"groupId": "com.fasterxml.jackson.core", "artifactId": "jackson-core", "version": "2.18.2"},
        },
        "JACKSON_ANNOTATIONS": {
            "digest": "sha512:d375e5761052e202e409400637cdc9ce0f45cf01a90628f36ca3c81757ac30695cc6e60146cbf14685c5c50912ad932564eb794ea76ab8461ce1786a02eab867",
            "license": "Apache-2.0",
            "maven": {"groupId": "com.fasterxml.jackson.core", "artifactId": "jackson-annotations", "version": "2.18.2"},
        },
        "JACKSON_DATABIND": {
            "digest": "sha512:bbdfaaffaaab2a032a754cd9dade06552e9f79fd39ae396873315415219b37e0675fde0a02953efe0701e17be4c282b118a96fcb752f53ca37ab89624f0a52ac",
            "license": "Apache-2.0",
            "dependencies": ["JACKSON_CORE", "JACKSON_ANNOTATIONS"],
            "maven": {"groupId": "com.fasterxml.jackson.core", "artifactId": "jackson-databind", "version": "2.18.2"},
        },
        "PICOCLI": {
            "digest": "sha512:125a8d5cf9dac7f2d67ac82e281d47aab4f15643b4dd5e09199dd5048e385fa74f7f287ebd1162c9f23c488e0d616f1e46591015fe5319c6ad796cc4beddfff6",
            "license": "Apache-2.0",
            "maven": {"groupId": "info.picocli", "artifactId": "picocli", "version": "4.7.7"},
        },
        "ASM": {
            "digest": "sha512:cbd250b9c698a48a835e655f5f5262952cc6dd1a434ec0bc3429a9de41f2ce08fcd3c4f569daa7d50321ca6ad1d32e131e4199aa4fe54bce9e9691b37e45060e",
            "license": "BSD-new",
            "maven": {"groupId": "org.ow2.asm", "artifactId": "asm", "version": "9.8"},
        },
        "ASM_TREE": {
            "digest": "sha512:4493f573d9f0cfc8837db9be25a8b61a825a06aafc0e02f0363875584ff184a5a14600e53793c09866300859e44f153faffd0e050de4a7fba1a63b5fb010a9a7",
            "license": "BSD-new",
            "dependencies": ["ASM"],
            "maven": {"groupId": "org.ow2.asm", "artifactId": "asm-tree", "version": "9.8"},
        },
        "ASM_COMMONS": {
            "digest": "sha512:d2add10e25416b701bd84651b42161e090df2f32940de5e06e0e2a41c6106734db2fe5136f661d8a8af55e80dc958bc7b385a1004f0ebe550828dfa1e9d70d41",
            "license": "BSD-new",
            "dependencies": ["ASM", "ASM_TREE"],
            "maven": {"groupId": "org.ow2.asm", "artifactId": "asm-commons", "version": "9.8"},
        },
        "JOPT_SIMPLE": {
            "digest": "sha512:cbc27e0b6da6ae4b6245353d6626d2e3c171c3026a555fa21e8ef61b30714e286db85086d1a57c167016e8a7f07be2a243e34b3ab504b1877806f3bcec5df986",
            "license": "MIT",
            "maven": {"groupId": "net.sf.jopt-simple", "artifactId": "jopt-simple", "version": "5.0.4"},
        },
        "COMMONS_MATH3": {
            "digest": "sha512:8bc2438b3b4d9a6be4a47a58410b2d4d0e56e05787ab24badab8cbc9075d61857e8d2f0bffedad33f18f8a356541d00f80a8597b5dedb995be8480d693d03226",
            "license": "Apache-2.0",
            "maven": {"groupId": "org.apache.commons", "artifactId": "commons-math3", "version": "3.6.1"},
        },
        "JMH_GENERATOR_ANNPROCESS": {
            "digest": "sha512:0e828c394e02ea1c3472cb3b334f4e13f9e7c2e237dd2915d895b277afbd52573ffc824a3850b0808f190407c8644625ea7d06d77e567fd09607514b4d87f77a",
            "license": "GPLv2-CPE",
            "maven": {"groupId": "org.openjdk.jmh", "artifactId": "jmh-generator-annprocess", "version": "1.37"},
        },
        "JMH_CORE": {
            "digest": "sha512:8e434cc89f7c8a3035e172675d9f914415039ad8dc403a9f4a306efbe3249c20da0343aa51ebf9e3b9f8ba6746e8544ac561fbcd62f29dbb163b7f10c96c1f34",
            "license": "GPLv2-CPE",
            "dependencies": ["JOPT_SIMPLE", "COMMONS_MATH3", "JMH_GENERATOR_ANNPROCESS"],
            "maven": {"groupId": "org.openjdk.jmh", "artifactId": "jmh-core", "version": "1.37"},
        },
        # JOL: HotSpot's field layouts for the sharing diagnosis (com.numa.profiler.sharing.WordLayouts).
        "JOL_CORE": {
            "digest": "sha512:cfe62202776c2660df7ade2abb92d206726fbf7c0d1d709c973e686cb7191fcd56921e39eb6938063c1d4230014521ff643ea6bfb3149bbc64cacec6dfaa8dd6",
            "license": "GPLv2-CPE",
            "maven": {"groupId": "org.openjdk.jol", "artifactId": "jol-core", "version": "0.17"},
        },
        # JMH's samples (JMHSample_22_FalseSharing), run by the tests under the diagnosis.
        "JMH_SAMPLES": {
            "digest": "sha512:48ebd82816afb27dfd480bb07231536f77ba6c8daa95550433436a1fed6be4a0534e8ad6942df91d336dc367de642e6aeba98f10d702a974ad14ff64e27cc875",
            "license": "GPLv2-CPE",
            "dependencies": ["JMH_CORE"],
            "maven": {"groupId": "org.openjdk.jmh", "artifactId": "jmh-samples", "version": "1.37"},
        },
        # Only the PNG path of XChart is used (javax.imageio), so its SVG/PDF/GIF libraries are left out, as in the pom.
        # XChart's SVG encoder (speedup-stack writes its chart as SVG too).
        "VECTORGRAPHICS2D": {
            "digest": "sha512:6ed98216c7f67c87213bd7169f702cb0011fc969e91a9246cb47135abeb7446431582909797bc096150142fdbfa30bfcad04999080baf6fa40978a58256b06a1",
            "license": "MIT",
            "maven": {"groupId": "de.erichseifert.vectorgraphics2d", "artifactId": "VectorGraphics2D", "version": "0.13"},
        },
        "XCHART": {
            "digest": "sha512:33e625854662938e962ed98f572a2b0fc428ba68432216e91a62abf09e460335a4e97e34c9c65528be9e963347e4ed7c4809a4ec877c88d324d13d24c04c74d5",
            "license": "Apache-2.0",
            "dependencies": ["VECTORGRAPHICS2D"],
            "maven": {"groupId": "org.knowm.xchart", "artifactId": "xchart", "version": "3.8.8"},
        },
        "APIGUARDIAN": {
            "digest": "sha512:d7ccd0e7019f1a997de39d66dc0ad4efe150428fdd7f4c743c93884f1602a3e90135ad34baea96d5b6d925ad6c0c8487c8e78304f0a089a12383d4a62e2c9a61",
            "license": "Apache-2.0",
            "maven": {"groupId": "org.apiguardian", "artifactId": "apiguardian-api", "version": "1.1.2"},
        },
        "JQWIK_API": {
            "digest": "sha512:bd59628c94202cd3ec38237f004d863a3d7cf2a2c1c818ba088f1f5fa947a4ad251eecfb01f3ab01bbc2c68fba4911a3ffa62085cd9cfb2a885dddc7ded0d812",
            "license": "EPL-2.0",
            "dependencies": ["APIGUARDIAN"],
            "maven": {"groupId": "net.jqwik", "artifactId": "jqwik-api", "version": "1.9.2"},
        },
        # The property-test engine; the JUnit Platform it plugs into comes with JUNIT_CONSOLE_STANDALONE.
        "JQWIK_ENGINE": {
            "digest": "sha512:a306213e3092356aa09bad00e6c0106c2734524631e4caa0922ada15a5a9519116df7890677460e438258980ae92b009d072a973c7b7b63303d05f4b36faca4e",
            "license": "EPL-2.0",
            "dependencies": ["JQWIK_API"],
            "maven": {"groupId": "net.jqwik", "artifactId": "jqwik-engine", "version": "1.9.2"},
        },
        # Jupiter API + engine + platform + console launcher in one jar (same JUnit 5.12.2 as the Maven build).
        "JUNIT_CONSOLE_STANDALONE": {
            "digest": "sha512:27aae65313e94353a4c89afc4588a06fba08d675a6435b57c08848fbc9827e0b39fde49813e17d876129558670d678070299aca57ec6e23bb26b4e72b74c0629",
            "license": "EPL-2.0",
            "maven": {"groupId": "org.junit.platform", "artifactId": "junit-platform-console-standalone", "version": "1.12.2"},
        },
    },

    "projects": {
        # Shared by every module: flags, feature contract and registry, log, thread roles, topology model, CSV/JSON,
        # the child-JVM launcher.
        "com.numa.core": {
            "dir": "com.numa.core",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["COMMONS_CSV", "JACKSON_DATABIND"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql"],
            "javaCompliance": "17+",
        },
        # The core's unit tests (Maven runs them in the com.numa.core module).
        # jdk.unsupported: CrashingProgram crashes its JVM through sun.misc.Unsafe
        # java.desktop: ChartRenderingTest takes an exception thrown inside java.awt as a graphics-stack failure.
        "com.numa.core.tests": {
            "dir": "com.numa.core",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.core", "JUNIT_CONSOLE_STANDALONE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "jdk.unsupported",
                         "java.desktop"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        # The validation corpus: user-like JDK programs that `numa characterize --suite validation` runs from their jar.
        "com.numa.validation": {
            "dir": "validation",
            "sourceDirs": ["src/main/java"],
            "dependencies": [],
            "javaCompliance": "17+",
        },
        "com.numa.perfutil": {
            "dir": "com.numa.perfutil",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["com.numa.core", "JNA"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "jdk.jfr"],
            "javaCompliance": "17+",
        },
        # PerfUtil's unit tests (Maven runs them in the com.numa.perfutil module).
        "com.numa.perfutil.tests": {
            "dir": "com.numa.perfutil",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.perfutil", "JUNIT_CONSOLE_STANDALONE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        "com.numa.profiler": {
            "dir": "com.numa.profiler",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["com.numa.perfutil", "ASM", "ASM_COMMONS", "JOL_CORE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql"],
            "javaCompliance": "17+",
        },
        # The profiler's unit tests and its ground-truth programs (Maven runs the tests in the com.numa.profiler module).
        # java.desktop: FieldReachTest takes java.awt.Point as a JDK class with public fields.
        "com.numa.profiler.tests": {
            "dir": "com.numa.profiler",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.profiler", "JUNIT_CONSOLE_STANDALONE", "JMH_SAMPLES"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        "com.numa.opt": {
            "dir": "com.numa.opt",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["com.numa.perfutil"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql"],
            "javaCompliance": "17+",
        },
        # The optimizer's unit tests: the decider and the awareness thread on scripted metrics (Maven runs them in
        # the com.numa.opt module).
        "com.numa.opt.tests": {
            "dir": "com.numa.opt",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.opt", "JUNIT_CONSOLE_STANDALONE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        "com.numa.gc": {
            "dir": "com.numa.gc",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["com.numa.perfutil", "PICOCLI", "XCHART", "COMMONS_CSV"],
            # java.desktop: XChart draws with java.awt and encodes PNG with javax.imageio.
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop"],
            "javaCompliance": "17+",
        },
        "com.numa.speedup": {
            "dir": "com.numa.speedup",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["com.numa.core", "PICOCLI", "XCHART"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop", "jdk.jfr"],
            "javaCompliance": "17+",
        },
        # numa diagnose: runs an application under the profiler's sharing diagnosis, prints the ranked issues.
        "com.numa.diagnose": {
            "dir": "com.numa.diagnose",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["com.numa.profiler", "PICOCLI", "COMMONS_CSV"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql"],
            "javaCompliance": "17+",
        },
        # Signature-compatible stubs of DaCapo's Callback and Renaissance's Plugin: compile-time only, never in the jar.
        "com.numa.characterize.stubs": {
            "dir": "com.numa.characterize.stubs",
            "sourceDirs": ["src/main/java"],
            "javaCompliance": "17+",
        },
        "com.numa.characterize": {
            "dir": "com.numa.characterize",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["com.numa.perfutil", "com.numa.characterize.stubs", "com.numa.speedup", "com.numa.diagnose", "PICOCLI",
                             "XCHART"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop"],
            "javaCompliance": "17+",
        },
        # The front door. src/main/resources holds the feature registry (META-INF/services), which mx numa-features
        # checks against these projects.
        "com.numa.vm": {
            "dir": "com.numa.vm",
            "sourceDirs": ["src/main/java", "src/main/resources"],
            "dependencies": ["com.numa.perfutil", "com.numa.profiler", "com.numa.opt", "com.numa.gc", "com.numa.characterize",
                             "com.numa.speedup", "com.numa.diagnose", "PICOCLI"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop", "jdk.attach"],
            "javaCompliance": "17+",
        },
        # numa-junit: the JUnit 5 extension. The profiler's classes come from the agent at run time (Maven: provided).
        "com.numa.junit": {
            "dir": "numa-junit",
            "sourceDirs": ["src/main/java", "src/main/resources"],
            "dependencies": ["com.numa.core", "com.numa.profiler", "JUNIT_CONSOLE_STANDALONE"],
            # jdk.attach: the extension attaches the agent to its own JVM when the test JVM started without it
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "jdk.attach"],
            "javaCompliance": "17+",
        },
        # The launcher's, flags' and doctor's unit tests (Maven runs them in the com.numa.vm module).
        "com.numa.vm.tests": {
            "dir": "com.numa.vm",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.vm", "com.numa.perfutil.tests", "JUNIT_CONSOLE_STANDALONE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop", "jdk.attach"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        "com.numa.bench": {
            "dir": "bench",
            "sourceDirs": ["src/main/java"],
            "dependencies": ["com.numa.vm", "JMH_CORE"],
            "annotationProcessors": ["JMH_CORE"],  # with its generator dependency, as mx does for JMH
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql"],
            "javaCompliance": "17+",
        },
        "com.numa.tests": {
            "dir": "tests",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.vm", "com.numa.junit", "com.numa.core.tests", "com.numa.profiler.tests", "JUNIT_CONSOLE_STANDALONE",
                             "JMH_SAMPLES"],
            # java.compiler: ContendedFieldsIT compiles its @Contended program with the flags the advice names;
            # java.desktop: MxModuleGraphTest shows jdeps a use of java.awt
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.compiler", "java.desktop"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        # The bench tools' own unit tests (Maven runs them in the bench module).
        "com.numa.bench.tests": {
            "dir": "bench",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.bench", "JUNIT_CONSOLE_STANDALONE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        "com.numa.speedup.tests": {
            "dir": "com.numa.speedup",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.speedup", "JUNIT_CONSOLE_STANDALONE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop", "jdk.jfr"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        # numa characterize's unit tests (Maven runs them in the com.numa.characterize module).
        "com.numa.characterize.tests": {
            "dir": "com.numa.characterize",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.characterize", "JUNIT_CONSOLE_STANDALONE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop", "java.compiler"],
            "javaCompliance": "17+",
            "testProject": True,
        },
        # The research heap's unit and property tests (Maven runs them in the com.numa.gc module).
        "com.numa.gc.tests": {
            "dir": "com.numa.gc",
            "sourceDirs": ["src/test/java"],
            "dependencies": ["com.numa.gc", "JUNIT_CONSOLE_STANDALONE", "JQWIK_ENGINE"],
            "requires": ["java.instrument", "java.management", "jdk.management", "java.sql", "java.desktop"],
            "javaCompliance": "17+",
            "testProject": True,
        },
    },

    "distributions": {
        # The launcher and the java agent in one jar, as com.numa.vm/target/numa-agent.jar is for Maven.
        # The harness stubs in a distribution of their own, so that NUMA_AGENT (which lists it as a distDependency)
        # does not bundle them: the real DaCapo/Renaissance jars provide those classes at run time.
        "NUMA_HARNESS_STUBS": {
            "dependencies": ["com.numa.characterize.stubs"],
            "maven": False,
        },
        "NUMA_VALIDATION": {
            "dependencies": ["com.numa.validation"],
            "maven": False,
        },
        "NUMA_AGENT": {
            "dependencies": ["com.numa.vm"],
            "distDependencies": ["NUMA_HARNESS_STUBS"],
            "manifestEntries": {
                "Main-Class": "com.numa.vm.Launcher",
                "Premain-Class": "com.numa.vm.NumaAgent",
                "Agent-Class": "com.numa.vm.NumaAgent",
                "Can-Retransform-Classes": "true",
                "Can-Redefine-Classes": "true",
                "Enable-Native-Access": "ALL-UNNAMED",
            },
            "maven": False,
        },
    },
}

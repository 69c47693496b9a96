import Foundation

// redux-bench: each benchmark prints our figure and a baseline measured in the same run.
// See BENCHMARKS.md.

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
    exit(status)
}

let usage = "USAGE: redux-bench [--quick] [--data <directory>] [<name>...]"
var arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--probe-memory", arguments.count == 2 {
    // The child process of `goto-memory`.
    do {
        print(try GotoMemory.runProbe(path: arguments[1]))
        exit(0)
    } catch {
        fail("\(error)", status: 1)
    }
}

if arguments.contains("--help") || arguments.contains("-h") {
    let list = Benchmark.all.map {
        "  \($0.name.padding(toLength: 20, withPad: " ", startingAt: 0))\($0.summary)"
    }
    print(
        """
        OVERVIEW: Measures redux-inspect against baselines in the same run.

        \(usage)

        Generates shop recordings (10k, 100k and 1M steps, with and without states) in a
        temporary directory, runs the benchmarks (all, or those named), and prints one line per
        figure: ours, the baseline's, their ratio, and the PRODUCT.md target when there is one.
        Build with -c release: swift run -c release redux-bench

        ARGUMENTS:
          <name>            A benchmark to run; all when none is named.

        OPTIONS:
          --quick           Small recordings (2k, 20k, 100k steps) and fewer repetitions.
          --data <directory>
                            Keep the generated recordings there and reuse them next time.
          -h, --help        Show this help.

        BENCHMARKS:
        \(list.joined(separator: "\n"))
        """)
    exit(0)
}

var quick = false
var dataDirectory: String?
var names: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--quick":
        quick = true
    case "--data":
        guard !arguments.isEmpty else { fail("missing value for '--data'\n\(usage)", status: 64) }
        dataDirectory = arguments.removeFirst()
    case _ where argument.hasPrefix("-"):
        fail(
            "unknown option '\(argument)'\n\(usage)\nSee 'redux-bench --help' for more information.",
            status: 64)
    default:
        guard Benchmark.all.contains(where: { $0.name == argument }) else {
            let known = Benchmark.all.map(\.name).joined(separator: ", ")
            fail("unknown benchmark '\(argument)'; the benchmarks are \(known)", status: 64)
        }
        names.append(argument)
    }
}

#if DEBUG
    print("# note: a debug build; use `swift run -c release redux-bench` for real figures")
#endif
let workload: Workload
do {
    workload = try Workload(quick: quick, dataDirectory: dataDirectory)
} catch {
    fail("\(error)", status: 1)
}
// Interrupted, the run still removes its data.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
let interruption = [SIGINT, SIGTERM].map { number in
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    let removable = workload.removableDirectory
    source.setEventHandler {
        if let removable { try? FileManager.default.removeItem(atPath: removable) }
        exit(128 + number)
    }
    source.resume()
    return source
}
let started = Stopwatch.now()
let sizes = Workload.Size.allCases.map { Measurement.format(Double(workload.steps($0))) }
let cores = ProcessInfo.processInfo.activeProcessorCount
let mode = quick ? " --quick" : ""
print("# redux-bench\(mode): \(cores) cores, shop recordings of \(sizes.joined(separator: "/")) steps")
var failed = false
for benchmark in Benchmark.all where names.isEmpty || names.contains(benchmark.name) {
    do {
        for measurement in try benchmark.run(workload) {
            Progress.clear()
            print(measurement.line)
            fflush(nil)
        }
    } catch {
        Progress.clear()
        FileHandle.standardError.write(Data("Error: \(benchmark.name): \(error)\n".utf8))
        failed = true
    }
}
Progress.clear()
workload.removeData()
for source in interruption { source.cancel() }
print("# done in \(Measurement.format(Stopwatch.now() - started)) s")
exit(failed ? 1 : 0)

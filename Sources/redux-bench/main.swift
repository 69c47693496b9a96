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
    // A benchmark whose one line has its own name lists no lines.
    let column = String(repeating: " ", count: 22)
    let list = Benchmark.all.map { benchmark in
        "  \(benchmark.name.padding(toLength: 20, withPad: " ", startingAt: 0))\(benchmark.summary)"
            + (benchmark.lines == [benchmark.name]
                ? "" : "\n\(column)lines: \(benchmark.lines.joined(separator: ", "))")
    }
    print(
        """
        OVERVIEW: Measures redux-inspect against baselines in the same run.

        \(usage)

        Records the sessions the selected benchmarks read in a temporary directory, removed at
        the end: a shop session of 10k, 100k and 1M steps (with a state after every action,
        without states, or with a state every 1,000 steps, as each benchmark needs) and a to-do
        session of 10k steps whose list grows to 2,000 to-dos, without states; the record
        benchmarks dispatch the 100k-step shop session themselves. Then runs the benchmarks
        (all, or those named) and prints one line per figure: ours, the baseline's, their
        ratio, and the PRODUCT.md target when there is one, after a first line naming the
        sessions the selected benchmarks use.
        Build with -c release: swift run -c release redux-bench

        ARGUMENTS:
          <name>            A benchmark to run, or the name of a line it prints (which runs
                            the whole benchmark); all when none is named.

        OPTIONS:
          --quick           Smaller sessions (shop 2k, 20k and 100k steps; to-do 2k steps,
                            500 to-dos) and fewer repetitions.
          --data <directory>
                            Keep the recordings in <directory> and reuse them in later runs.
                            It is created if missing, but not its parent. A kept recording
                            whose line count is not what this version writes is made again;
                            files named for another generation of the data (written by a
                            version of the bench that writes other data) are left alone.
          -h, --help        Show this help.

        BENCHMARKS (each prints one line of its name, or the lines listed):
        \(list.joined(separator: "\n"))
        """)
    exit(0)
}

var quick = false
var dataDirectory: String?
var selected: Set<String> = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--quick":
        quick = true
    case "--data":
        guard let value = arguments.first, !value.isEmpty else {
            fail("missing value for '--data'\n\(usage)", status: 64)
        }
        arguments.removeFirst()
        dataDirectory = value
    case _ where argument.hasPrefix("-"):
        fail(
            "unknown option '\(argument)'\n\(usage)\nSee 'redux-bench --help' for more information.",
            status: 64)
    default:
        guard let benchmark = Benchmark.named(argument) else {
            let known = Benchmark.all.map(\.name).joined(separator: ", ")
            fail(
                "unknown benchmark '\(argument)'; the benchmarks are \(known), "
                    + "or the name of a line one prints (see 'redux-bench --help')",
                status: 64)
        }
        selected.insert(benchmark.name)
    }
}
let benchmarks = Benchmark.all.filter { selected.isEmpty || selected.contains($0.name) }

#if DEBUG
    print("# note: a debug build; use `swift run -c release redux-bench` for real figures")
#endif
let workload: Workload
do {
    workload = try Workload(quick: quick, dataDirectory: dataDirectory)
} catch let error as DataDirectoryError {
    fail(error.message, status: error.status)
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
let sessions = benchmarks.reduce(into: Set<Workload.Session>()) { $0.formUnion($1.sessions) }
let cores = ProcessInfo.processInfo.activeProcessorCount
let mode = quick ? " --quick" : ""
print("# redux-bench\(mode): \(cores) cores, \(workload.describe(sessions))")
fflush(nil)  // before any note or error on standard error
var failed = false
/// Reports a benchmark's failure on standard error; the others still run, and the run exits 1.
@MainActor func report(_ benchmark: Benchmark, _ message: String) {
    Progress.clear()
    FileHandle.standardError.write(Data("Error: \(benchmark.name): \(message)\n".utf8))
    failed = true
}
for benchmark in benchmarks {
    workload.used = []
    do {
        for measurement in try benchmark.run(workload) {
            Progress.clear()
            print(measurement.line)
            fflush(nil)
            // What --help lists and what selects the benchmark must be what it prints.
            if !benchmark.lines.contains(measurement.name) {
                report(benchmark, "printed \(measurement.name), a line Benchmark.lines does not name")
            }
        }
    } catch {
        report(benchmark, "\(error)")
    }
    // And the header must name the data the benchmarks use.
    let unnamed = workload.used.subtracting(benchmark.sessions)
    if !unnamed.isEmpty {
        report(benchmark, "used \(workload.describe(unnamed)), which Benchmark.sessions does not name")
    }
}
Progress.clear()
workload.removeData()
for source in interruption { source.cancel() }
print("# done in \(Measurement.format(Stopwatch.now() - started)) s")
exit(failed ? 1 : 0)

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Another program used as a baseline, such as `jq`, found on the `PATH`.
struct ExternalCommand {
    let executable: String

    /// The program named `name` on the `PATH`, or `nil` when there is none.
    init?(named name: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        executable = found
    }

    /// Initializes with a full path, such as the benchmark's own executable.
    init(path: String) {
        executable = path
    }

    /// Runs the program with its standard output captured, and waits for it.
    ///
    /// - Parameter arguments: The arguments.
    /// - Returns: Standard output.
    /// - Throws: ``BenchError`` when it cannot start or exits with a failure.
    func output(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw BenchError("cannot run \(executable): \(error.localizedDescription)")
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw failure(arguments, status: process.terminationStatus)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Runs the program with its standard output sent to `/dev/null`, and waits for it: a
    /// timed baseline.
    ///
    /// It is started with `posix_spawn` rather than Foundation's `Process`, whose start-up
    /// (tens of milliseconds here) would be counted against a program like `wc -l` that reads
    /// a 100 MB file in ten.
    ///
    /// - Parameter arguments: The arguments.
    /// - Throws: ``BenchError`` when it cannot start or exits with a failure.
    func run(_ arguments: [String]) throws {
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
        #else
            var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + environment).forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environment)
        guard spawned == 0 else {
            throw BenchError("cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchError("cannot wait for \(executable)") }
        }
        // Exited normally (the low 7 bits are the signal, 0) with status 0.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw failure(arguments, status: status)
        }
    }

    private func failure(_ arguments: [String], status: Int32) -> BenchError {
        BenchError("\(executable) \(arguments.joined(separator: " ")) failed with status \(status)")
    }
}

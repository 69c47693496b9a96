import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a program as a child process and measures it: wall time, and peak memory from the
/// child's own `rusage` (`wait4`), which no other process of the test run can disturb. A child
/// that outlives its deadline is killed by its process id.
struct ChildProcess {
    /// How one run ended.
    struct Outcome: CustomStringConvertible {
        /// The exit code, or `nil` when a signal ended the process.
        let exitCode: Int32?
        /// The signal that ended the process, if one did.
        let signal: Int32?
        let out: String
        let err: String
        let seconds: Double
        /// Peak resident memory, in bytes.
        let maximumResidentBytes: Int
        /// Whether the deadline passed and the child was killed.
        let timedOut: Bool

        var description: String {
            let end = exitCode.map { "exit \($0)" } ?? "signal \(signal ?? 0)"
            return "\(end) in \(String(format: "%.2f", seconds)) s, \(maximumResidentBytes >> 20) MiB"
                + (timedOut ? " (killed at the deadline)" : "") + "\n--- stderr\n\(err.prefix(2_000))"
        }
    }

    let executable: String
    let arguments: [String]
    /// A file to read standard input from, or `/dev/null`.
    var inputPath = "/dev/null"
    var deadline: Duration = .seconds(10)

    /// Runs the program to its end, or kills it at the deadline.
    func run() throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("redux-inspect-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outPath = directory.appendingPathComponent("out").path
        let errPath = directory.appendingPathComponent("err").path

        let start = ContinuousClock.now
        let pid = try Self.spawn(
            executable, arguments: arguments,
            opening: [
                (0, inputPath, O_RDONLY), (1, outPath, O_WRONLY | O_CREAT | O_TRUNC), (2, errPath, O_WRONLY | O_CREAT | O_TRUNC),
            ])

        var status: Int32 = 0
        var usage = rusage()
        var timedOut = false
        while true {
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result < 0 && errno != EINTR { throw SpawnFailed(description: "wait4: \(String(cString: strerror(errno)))") }
            if ContinuousClock.now - start > deadline && !timedOut {
                timedOut = true
                kill(pid, SIGKILL)
            }
            usleep(2_000)
        }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let signal = status & 0x7F
        #if os(Linux)
            let residentBytes = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
            let residentBytes = Int(usage.ru_maxrss)  // bytes on macOS
        #endif
        return Outcome(
            exitCode: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
            out: String(decoding: FileManager.default.contents(atPath: outPath) ?? Data(), as: UTF8.self),
            err: String(decoding: FileManager.default.contents(atPath: errPath) ?? Data(), as: UTF8.self),
            seconds: seconds, maximumResidentBytes: residentBytes, timedOut: timedOut)
    }

    /// Starts `executable` with standard input, output and error opened as `opening` says
    /// (descriptor, path, flags; a file created is the user's alone), with `environment`
    /// (`NAME=value`; `nil` for this process's), and with signals as a shell starts a command:
    /// none blocked and none ignored, whatever the test runner's thread had.
    ///
    /// - Returns: The child's process id.
    static func spawn(
        _ executable: String, arguments: [String], environment: [String]? = nil, opening: [(Int32, String, Int32)]
    ) throws -> pid_t {
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, path, flags) in opening { posix_spawn_file_actions_addopen(&actions, descriptor, path, flags, 0o600) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer { (argv + (envp ?? [])).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned =
            if let envp {
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            } else {
                posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            }
        guard spawned == 0 else {
            throw SpawnFailed(description: "cannot run \(executable): \(String(cString: strerror(spawned)))")
        }
        return pid
    }

    struct SpawnFailed: Error, CustomStringConvertible {
        let description: String
    }
}

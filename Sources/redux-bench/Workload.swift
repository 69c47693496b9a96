import Foundation
import Redux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a run works on: its sizes and repetitions (full or `--quick`), and the recordings it
/// generates on demand in a directory of its own, removed at the end unless `--data` named it.
final class Workload {
    /// Recording sizes: `small` for decoding, `medium` for diff and verify, `large` for `goto`.
    enum Size: CaseIterable {
        case small, medium, large
    }

    /// A session a benchmark works on, recorded to a file or dispatched as it runs: the shop's
    /// of a size, or the to-do session (``todosScript``).
    enum Session: Hashable {
        case shop(Size)
        case todos
    }

    let quick: Bool
    /// Where the recordings are.
    let directory: String
    private let keepsDirectory: Bool
    private var generated: [String: String] = [:]
    /// The sessions asked for (``steps(_:)``, ``todosScript``) since the run last emptied it:
    /// the run checks them against what each ``Benchmark`` says it uses.
    var used: Set<Session> = []

    /// - Parameters:
    ///   - quick: Small sizes and fewer repetitions.
    ///   - dataDirectory: Keep the recordings here and reuse those already present; `nil` for a
    ///     temporary directory removed by ``removeData()``.
    /// - Throws: ``DataDirectoryError`` when `dataDirectory` cannot be used; ``BenchError``
    ///   when the temporary directory cannot be made.
    init(quick: Bool, dataDirectory: String?) throws {
        self.quick = quick
        if let dataDirectory {
            try Self.prepare(dataDirectory: dataDirectory)
            directory = dataDirectory
            keepsDirectory = true
        } else {
            directory =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("redux-bench-\(ProcessInfo.processInfo.processIdentifier)").path
            keepsDirectory = false
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw BenchError("cannot create \(directory): \(error.localizedDescription)")
            }
        }
    }

    /// Makes sure `path` is a directory the run can write in, creating it if it does not exist.
    ///
    /// Only the last component is created, as `mkdir` does: a parent that does not exist is
    /// more likely a mistyped path than a wish for a new tree of directories. The messages
    /// name the path in one line, not in Foundation's words ("A file with the same name
    /// already exists") that say neither which file nor what to do.
    ///
    /// - Throws: ``DataDirectoryError``, with status 64 when the path is the mistake (a file,
    ///   or a parent that is missing or not a directory), 1 when the system refuses (no
    ///   permission, a read-only file system).
    static func prepare(dataDirectory path: String) throws {
        func failure(_ reason: String, status: Int32) -> DataDirectoryError {
            DataDirectoryError(message: "--data \(path): \(reason)", status: status)
        }
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            guard type == S_IFDIR else {
                let reason = type == S_IFREG ? "is a file, not a directory" : "is not a directory"
                throw failure(reason, status: 64)
            }
        } else if mkdir(path, 0o777) != 0 {
            let code = errno
            let directoryPart = (path as NSString).deletingLastPathComponent
            let parent = directoryPart.isEmpty ? "." : directoryPart
            switch code {
            case ENOENT:
                throw failure("cannot create directory: \(parent) does not exist", status: 64)
            case ENOTDIR:
                throw failure("cannot create directory: \(parent) is not a directory", status: 64)
            default:
                throw failure("cannot create directory: \(String(cString: strerror(code)))", status: 1)
            }
        }
        // The run writes recordings and the record benchmarks' files there.
        guard access(path, W_OK | X_OK) == 0 else {
            throw failure("cannot write in it: \(String(cString: strerror(errno)))", status: 1)
        }
    }

    /// Steps of a recording of each size: 10k, 100k and 1M; 2k, 20k and 100k with `--quick`.
    func steps(_ size: Size) -> Int {
        used.insert(.shop(size))
        return count(size)
    }

    /// ``steps(_:)`` without counting the session as used.
    private func count(_ size: Size) -> Int {
        switch size {
        case .small: quick ? 2_000 : 10_000
        case .medium: quick ? 20_000 : 100_000
        case .large: quick ? 100_000 : 1_000_000
        }
    }

    /// Repetitions after the warm-up.
    func repetitions(full: Int, quick: Int) -> Int {
        self.quick ? quick : full
    }

    /// The path of a shop recording, generated the first time it is asked for.
    ///
    /// - Parameters:
    ///   - size: Its number of steps.
    ///   - states: Which entries hold the state after their action.
    func recording(_ size: Size, states: RecordingStatePolicy) throws -> String {
        let steps = steps(size)
        let kind =
            switch states {
            case .everyAction: "states"
            case .every(let interval): "states-every-\(interval)"
            case .never: "actions"
            }
        return try generated("shop-\(steps)-\(kind)", lines: steps + 2) { path in
            try ShopScript(steps: steps).record(to: path, states: states)
        }
    }

    /// The to-do session whose state grows large: 2,000 to-dos, then toggles to 10,000 steps
    /// (500 and 2,000 with `--quick`).
    var todosScript: TodosScript {
        used.insert(.todos)
        return todos
    }

    /// ``todosScript`` without counting the session as used.
    private var todos: TodosScript {
        quick ? TodosScript(items: 500, steps: 2_000) : TodosScript(items: 2_000, steps: 10_000)
    }

    /// The path of `script`'s recording, which holds no state but the final one, generated on
    /// first use.
    func recording(_ script: TodosScript) throws -> String {
        try generated("todos-\(script.items)-items-\(script.steps)-actions", lines: script.steps + 2) { path in
            try script.record(to: path)
        }
    }

    /// The sessions of a run, for its header: "shop sessions of 2000/20.0k/100k steps, a to-do
    /// session of 2000 steps (500 to-dos)".
    func describe(_ sessions: Set<Session>) -> String {
        let shop = Size.allCases.filter { sessions.contains(.shop($0)) }.map {
            Measurement.format(Double(count($0)))
        }
        var parts: [String] = []
        if !shop.isEmpty {
            let noun = shop.count == 1 ? "a shop session" : "shop sessions"
            parts.append("\(noun) of \(shop.joined(separator: "/")) steps")
        }
        if sessions.contains(.todos) {
            parts.append(
                "a to-do session of \(Measurement.format(Double(todos.steps))) steps "
                    + "(\(Measurement.format(Double(todos.items))) to-dos)")
        }
        return parts.joined(separator: ", ")
    }

    /// The generation of the recordings this version of the bench writes, part of their file
    /// names (`shop-100000-states-gen2.jsonl`). A `--data` directory is reused across versions
    /// of the bench; a file that an older generator wrote can have the lines the check in
    /// ``generated(_:lines:record:)`` expects and hold other actions or another format, and
    /// the figures would then silently be of other data. Raise it whenever ``ShopScript``,
    /// ``TodosScript``, their recorder options or what ``Recorder`` writes change. Files of
    /// other generations are left alone (they may be another checkout's). The files without
    /// a generation in their names are generation 1.
    static let generation = 2

    /// The path of the recording `stem` of this ``generation``: made by `record` unless the run
    /// made it already, or `--data` kept it from an earlier run.
    ///
    /// What is made, or kept, must have `lines` lines (header, steps, end): that is all the
    /// check there is, a newline count, which reads a file at several GB/s where making it
    /// again takes seconds to minutes. A kept file that fails it (cut short by a full disk,
    /// a killed run or a hand) is made again, with a note on standard error: the benchmarks
    /// jump to and compare the step counts they asked for, and a file with fewer steps would
    /// make them fail instead of measuring.
    private func generated(_ stem: String, lines: Int, record: (String) throws -> Void) throws -> String {
        let name = "\(stem)-gen\(Self.generation).jsonl"
        if let path = generated[name] { return path }
        let path = (directory as NSString).appendingPathComponent(name)
        if keepsDirectory, FileManager.default.fileExists(atPath: path) {
            let found = try NewlineCount.count(path: path)
            if found == lines {
                generated[name] = path
                return path
            }
            Progress.clear()
            FileHandle.standardError.write(
                Data(
                    "redux-bench: \(path) has \(found) lines, not the \(lines) this version writes; making it again\n"
                        .utf8))
        }
        Progress.show("generating \(name)")
        let partial = path + ".partial"
        let seconds = try Stopwatch.time { try record(partial) }
        let found = try NewlineCount.count(path: partial)
        guard found == lines else {
            throw BenchError("\(name): expected \(lines) lines (header, steps, end), found \(found)")
        }
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: partial, toPath: path)
        Progress.show("generated \(name): \(Self.megabytes(path)) MB in \(Measurement.format(seconds)) s")
        generated[name] = path
        return path
    }

    /// A fresh path in the data directory for a benchmark's own output.
    func scratchPath(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// The directory the run removes at the end: `nil` when `--data` asked to keep it.
    var removableDirectory: String? { keepsDirectory ? nil : directory }

    /// Removes the generated data, unless `--data` asked to keep it.
    func removeData() {
        guard let removableDirectory else { return }
        try? FileManager.default.removeItem(atPath: removableDirectory)
    }

    /// A file's size in bytes.
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// A file's size in MB (10^6 bytes), formatted.
    static func megabytes(_ path: String) -> String {
        Measurement.format(Double(size(path)) / 1e6)
    }
}

/// Why `--data` cannot be used, and the exit status to stop with: 64 (usage) when the path
/// is the mistake, 1 when the system refuses it.
struct DataDirectoryError: Error {
    let message: String
    let status: Int32
}

/// Progress messages on standard error, only when it is a terminal.
enum Progress {
    private static let enabled = isatty(2) == 1

    static func show(_ message: String) {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K… \(message)".utf8))
    }

    /// Clears the progress line before a result is printed.
    static func clear() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

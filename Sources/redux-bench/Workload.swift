import Foundation
import Redux

/// What a run works on: its sizes and repetitions (full or `--quick`), and the recordings it
/// generates on demand in a directory of its own, removed at the end unless `--data` named it.
final class Workload {
    /// Recording sizes: `small` for decoding, `medium` for diff and verify, `large` for `goto`.
    enum Size: CaseIterable {
        case small, medium, large
    }

    let quick: Bool
    /// Where the recordings are.
    let directory: String
    private let keepsDirectory: Bool
    private var generated: [String: String] = [:]

    /// - Parameters:
    ///   - quick: Small sizes and fewer repetitions.
    ///   - dataDirectory: Keep the recordings here and reuse those already present; `nil` for a
    ///     temporary directory removed by ``removeData()``.
    init(quick: Bool, dataDirectory: String?) throws {
        self.quick = quick
        if let dataDirectory {
            directory = dataDirectory
            keepsDirectory = true
        } else {
            directory =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("redux-bench-\(ProcessInfo.processInfo.processIdentifier)").path
            keepsDirectory = false
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw BenchError("cannot create \(directory): \(error.localizedDescription)")
        }
    }

    /// Steps of a recording of each size: 10k, 100k and 1M; 2k, 20k and 100k with `--quick`.
    func steps(_ size: Size) -> Int {
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
        return try generated("shop-\(steps)-\(kind).jsonl", lines: steps + 2) { path in
            try ShopScript(steps: steps).record(to: path, states: states)
        }
    }

    /// The to-do session whose state grows large: 2,000 to-dos, then toggles to 10,000 steps
    /// (500 and 2,000 with `--quick`).
    var todosScript: TodosScript {
        quick ? TodosScript(items: 500, steps: 2_000) : TodosScript(items: 2_000, steps: 10_000)
    }

    /// The path of `script`'s recording, which holds no state but the final one, generated on
    /// first use.
    func recording(_ script: TodosScript) throws -> String {
        try generated("todos-\(script.items)-items-\(script.steps)-actions.jsonl", lines: script.steps + 2) { path in
            try script.record(to: path)
        }
    }

    /// The path of the recording `name`: made by `record` unless the run made it already, or
    /// `--data` kept it from an earlier run; `lines` checks what was made (header, steps, end).
    private func generated(_ name: String, lines: Int, record: (String) throws -> Void) throws -> String {
        if let path = generated[name] { return path }
        let path = (directory as NSString).appendingPathComponent(name)
        if !(keepsDirectory && FileManager.default.fileExists(atPath: path)) {
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
        }
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

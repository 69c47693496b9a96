import Foundation

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

    /// Runs the program with its standard output sent to `/dev/null` (or captured), and
    /// waits for it.
    ///
    /// - Parameters:
    ///   - arguments: The arguments.
    ///   - capturesOutput: Return standard output instead of discarding it.
    /// - Returns: Standard output when captured, else the empty string.
    /// - Throws: ``BenchError`` when it cannot start or exits with a failure.
    @discardableResult
    func run(_ arguments: [String], capturesOutput: Bool = false) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = capturesOutput ? pipe : FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchError("cannot run \(executable): \(error.localizedDescription)")
        }
        let output = capturesOutput ? pipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchError(
                "\(executable) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)"
            )
        }
        return String(decoding: output, as: UTF8.self)
    }
}

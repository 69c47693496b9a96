import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct RecorderCrashTests {
    /// The `redux-record-soak` executable, built next to the test bundle.
    static func soakExecutable() throws -> URL {
        #if os(macOS)
            let bundle = try #require(Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") })
            let products = bundle.bundleURL.deletingLastPathComponent()
        #else
            let products = Bundle.main.bundleURL
        #endif
        let executable = products.appendingPathComponent("redux-record-soak")
        try #require(
            FileManager.default.isExecutableFile(atPath: executable.path),
            "redux-record-soak is not built at \(executable.path); run `swift build` before `swift test`")
        return executable
    }

    static func fileSize(_ path: String) -> Int {
        let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber
        return size?.intValue ?? 0
    }

    /// A mistyped argument is refused before anything is recorded: the tool records until it
    /// is killed when no COUNT is given, so `--help` taken as PATH once filled a disk.
    static let badArguments: [([String], Int32)] = [
        (["--help"], 0), (["-h"], 0), (["out.jsonl", "--bogus"], 64), (["out.jsonl", "ten"], 64),
        (["out.jsonl", "--threads", "two"], 64), (["out.jsonl", "--flush-every"], 64), ([], 64),
        (["out.jsonl", "10", "extra"], 64),
    ]

    @Test(.hangGuard, arguments: badArguments)
    func soakToolRefusesBadArgumentsWithoutRecording(arguments: [String], status: Int32) throws {
        let executable = try Self.soakExecutable()
        try withTemporaryDirectory { directory in
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = directory
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == status, "redux-record-soak \(arguments)")
            let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(written.isEmpty, "redux-record-soak \(arguments) wrote \(written)")
        }
    }

    @Test(.hangGuard)
    func recorderKilledMidSessionLeavesOnlyCompleteParsableLines() throws {
        let executable = try Self.soakExecutable()
        try withTemporaryDirectory { directory in
            let path = directory.appendingPathComponent("soak.jsonl").path
            let process = Process()
            process.executableURL = executable
            process.arguments = [path]
            try process.run()
            let pid = process.processIdentifier
            defer { if process.isRunning { kill(pid, SIGKILL) } }

            // About a hundred lines of the soak tool's session.
            let recording = poll(timeout: .seconds(30)) { Self.fileSize(path) >= 1 << 20 }
            kill(pid, SIGKILL)
            process.waitUntilExit()

            try #require(recording, "the soak tool wrote less than 1 MB in 30 s")
            #expect(process.terminationReason == .uncaughtSignal)
            #expect(process.terminationStatus == SIGKILL)
            let data = try #require(FileManager.default.contents(atPath: path))
            var pieces = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            // What follows the last newline is at most the one line being written.
            let unfinished = pieces.removeLast()
            #expect(!unfinished.contains(UInt8(ascii: "\n")))
            #expect(pieces.count >= 50)

            var lastSeq = 0
            var entries = 0
            for (index, piece) in pieces.enumerated() {
                let line = String(decoding: piece, as: UTF8.self)
                let object = try jsonObject(line)
                if index == 0 {
                    #expect(object["format"] as? String == "redux-inspect")
                    #expect(object["version"] as? Int == 1)
                    #expect(object["initialState"] is [String: Any])
                    continue
                }
                let seq = try #require(
                    seqNumber(of: object), "line \(index + 1) has no seq: \(line.prefix(200))")
                #expect(seq > lastSeq, "line \(index + 1): seq \(seq) after \(lastSeq)")
                lastSeq = seq
                entries += 1
            }
            #expect(entries == pieces.count - 1)
        }
    }
}

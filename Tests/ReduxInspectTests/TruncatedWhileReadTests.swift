import Foundation
import Testing

@testable import ReduxInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording cut short by another program while the inspector has it mapped: a one-line
/// error and exit 66, not "Bus error".
@Suite struct TruncatedWhileReadTests {
    @Test func aRecordingCutShortWhileSteppingIsAnErrorNotACrash() throws {
        let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 3000)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = try EndToEndTests.binary()
        process.arguments = ["step", file]
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()

        // Once the first command's answer is out, the file is mapped and indexed.
        input.fileHandleForWriting.write(Data("goto 1\n".utf8))
        let first = output.fileHandleForReading.availableData
        #expect(String(decoding: first, as: UTF8.self).hasPrefix("seq 1/3000"))
        #expect(truncate(file, 0) == 0)
        input.fileHandleForWriting.write(Data("goto 2900\n".utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 66)
        #expect(message == "Error: \(file): the file was cut short while being read; run the command again\n")
    }

    /// A `SIGBUS` that is not a fault in a recording (here one sent by `kill`) ends the process
    /// as it would without the guard: by the signal, not with the guard's error.
    @Test func anotherBusErrorStillEndsTheProcessByTheSignal() throws {
        let (file, _) = try BisectLongRecordingTests.counterRecording(steps: 100)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = try EndToEndTests.binary()
        process.arguments = ["step", file]
        // No crash report: it would only slow the test down.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()

        input.fileHandleForWriting.write(Data("goto 1\n".utf8))
        _ = output.fileHandleForReading.availableData
        kill(process.processIdentifier, SIGBUS)
        try input.fileHandleForWriting.close()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationReason == .uncaughtSignal, "exit \(process.terminationStatus): \(message)")
        #expect(process.terminationStatus == SIGBUS)
        #expect(!message.contains("cut short"))
    }
}

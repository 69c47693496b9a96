import Foundation
import Redux

/// Where a command's text goes, and what the terminal around it is like.
///
/// Commands never touch the process's streams directly; tests pass a context that captures
/// output in memory (``CLIContext/capturing(input:outputIsTerminal:environment:)``).
public final class CLIContext: @unchecked Sendable {
    // Unchecked Sendable: a context belongs to one command run at a time.
    /// Standard output.
    public let output: any TextSink
    /// Standard error.
    public let error: any TextSink
    /// Reads standard input line by line; `nil` at the end.
    public let readLine: () -> String?
    /// Reads the rest of standard input at once, for a recording given as `-` (except in
    /// ``standard()``'s context, see ``readsStandardInputDirectly``); `nil` when it cannot be
    /// read.
    public let readAll: () -> [UInt8]?
    /// Whether a recording given as `-` is mapped or read from the process's standard input
    /// itself (``FileBytes/standardInput(_:)``) rather than through ``readAll``: a recording of
    /// a gigabyte is then held once, or not at all when redirected from a file. Only in
    /// ``standard()``'s context.
    let readsStandardInputDirectly: Bool
    /// Whether standard output is a terminal (colour, prompts).
    public let outputIsTerminal: Bool
    /// Whether standard error is a terminal.
    public let errorIsTerminal: Bool
    /// Whether standard input is a terminal (interactive `step`).
    public let inputIsTerminal: Bool
    /// The environment (`NO_COLOR`, `TERM`, `COLUMNS`).
    public let environment: [String: String]

    /// Creates a context.
    ///
    /// - Parameter readAll: Reads all of standard input; by default the lines `readLine`
    ///   returns, each with a newline.
    public convenience init(
        output: any TextSink, error: any TextSink, readLine: @escaping () -> String?,
        readAll: (() -> [UInt8]?)? = nil,
        outputIsTerminal: Bool, errorIsTerminal: Bool, inputIsTerminal: Bool, environment: [String: String]
    ) {
        self.init(
            output: output, error: error, readLine: readLine, readAll: readAll, readsStandardInputDirectly: false,
            outputIsTerminal: outputIsTerminal, errorIsTerminal: errorIsTerminal, inputIsTerminal: inputIsTerminal,
            environment: environment)
    }

    private init(
        output: any TextSink, error: any TextSink, readLine: @escaping () -> String?,
        readAll: (() -> [UInt8]?)?, readsStandardInputDirectly: Bool,
        outputIsTerminal: Bool, errorIsTerminal: Bool, inputIsTerminal: Bool, environment: [String: String]
    ) {
        self.readsStandardInputDirectly = readsStandardInputDirectly
        self.output = output
        self.error = error
        self.readLine = readLine
        self.readAll =
            readAll ?? {
                var bytes: [UInt8] = []
                while let line = readLine() { bytes += Array(line.utf8) + [0x0A] }
                return bytes
            }
        self.outputIsTerminal = outputIsTerminal
        self.errorIsTerminal = errorIsTerminal
        self.inputIsTerminal = inputIsTerminal
        self.environment = environment
    }

    /// The process's standard streams and environment.
    public static func standard() -> CLIContext {
        CLIContext(
            output: StandardStream.output, error: StandardStream.error, readLine: { Swift.readLine(strippingNewline: true) },
            readAll: { try? FileHandle.standardInput.readToEnd().map { Array($0) } ?? [] }, readsStandardInputDirectly: true,
            outputIsTerminal: isatty(1) == 1, errorIsTerminal: isatty(2) == 1, inputIsTerminal: isatty(0) == 1,
            environment: ProcessInfo.processInfo.environment)
    }

    /// A context that captures output in memory, for tests.
    ///
    /// - Parameters:
    ///   - input: What standard input holds.
    ///   - outputIsTerminal: Pretend standard output is a terminal.
    ///   - environment: The environment the command sees.
    /// - Returns: The context; read ``StringSink/text`` of its output and error.
    public static func capturing(
        input: String = "", outputIsTerminal: Bool = false, environment: [String: String] = [:]
    ) -> CLIContext {
        var lines = input.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if input.hasSuffix("\n") || input.isEmpty { lines.removeLast() }
        var position = 0
        return CLIContext(
            output: StringSink(), error: StringSink(),
            readLine: {
                guard position < lines.count else { return nil }
                defer { position += 1 }
                return lines[position]
            },
            outputIsTerminal: outputIsTerminal, errorIsTerminal: outputIsTerminal, inputIsTerminal: false,
            environment: environment)
    }

    /// Whether to colour standard output: only on a terminal, never with `NO_COLOR` set
    /// (to anything but the empty string), never with `TERM=dumb`.
    public var colorsOutput: Bool { outputIsTerminal && wantsColor }

    /// Whether to colour standard error.
    public var colorsError: Bool { errorIsTerminal && wantsColor }

    /// How many columns standard error's terminal has: from the terminal itself for the
    /// process's own standard error (it changes when the window is resized), else from
    /// `COLUMNS`; `nil` when neither says.
    var errorColumns: Int? {
        if (error as? StandardStream) === StandardStream.error {
            var size = winsize()
            if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether standard output and standard error end up in the same place: the same terminal,
    /// or one file or pipe (`2>&1`, a CI log). A line written to both would then be seen
    /// twice. Only the process's own streams can share one; sinks in memory never do.
    var outputAndErrorShareADestination: Bool {
        guard (output as? StandardStream) === StandardStream.output, (error as? StandardStream) === StandardStream.error
        else { return false }
        var out = stat()
        var err = stat()
        guard fstat(1, &out) == 0, fstat(2, &err) == 0 else { return false }
        return out.st_dev == err.st_dev && out.st_ino == err.st_ino && out.st_rdev == err.st_rdev
    }

    /// Whether to show a progress line on standard error, rewritten in place: only on a
    /// terminal that can erase a line.
    var showsProgress: Bool { errorIsTerminal && !isDumbTerminal }

    /// Whether the terminal says it cannot move the cursor, erase or colour (`TERM=dumb`).
    var isDumbTerminal: Bool { environment["TERM"] == "dumb" }

    /// How long a command runs without output before its progress line appears
    /// (``StepProgress``), in nanoseconds: half a second; tests make it 0 to see the line.
    var progressDelay: UInt64 = 500_000_000

    private var wantsColor: Bool {
        (environment["NO_COLOR"] ?? "").isEmpty && !isDumbTerminal
    }

    /// Writes a line to standard output.
    public func print(_ line: String) {
        output.write(line)
        output.write("\n")
    }

    /// Writes a line to standard error.
    public func printError(_ line: String) {
        error.write(line)
        error.write("\n")
    }

    /// Writes out what standard output holds buffered: before a warning or an error, so that
    /// where both streams go to one file (a CI log, `2>&1`), it comes after the lines printed
    /// before it, as on a terminal.
    func flushOutput() {
        (output as? StandardStream)?.flush()
    }
}

/// Something that takes text.
public protocol TextSink: AnyObject {
    /// Writes text as it is.
    func write(_ text: String)

    /// Writes text given as UTF-8 bytes, as it is.
    func write(utf8 bytes: [UInt8])

    /// Why text written could not be delivered (the reason of the first failure, such as "No
    /// space left on device"), or `nil` while everything has been: a command whose output was
    /// lost must not exit as if it had been shown.
    var writeFailure: String? { get }
}

extension TextSink {
    /// Writes the bytes as a `String`: for sinks that keep text, not bytes.
    public func write(utf8 bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }

    /// Sinks in memory cannot fail.
    public var writeFailure: String? { nil }
}

/// Text kept in memory.
public final class StringSink: TextSink {
    /// Everything written.
    public private(set) var text = ""

    /// Creates an empty sink.
    public init() {}

    public func write(_ text: String) {
        self.text += text
    }
}

/// Standard output or standard error, buffered: commands print many short lines, and one
/// `write(2)` per line would dominate the time of a large replay.
public final class StandardStream: TextSink, @unchecked Sendable {
    // Unchecked Sendable: the buffer is guarded by `lock`.
    private let descriptor: Int32
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    /// The `errno` of the first write that failed; nothing is written after it.
    private var failedWith: Int32?
    /// Called once, with the reason, when a write first fails.
    private var onFailure: (@Sendable (String) -> Void)?

    /// Whether the stream goes to a terminal, where lines are written as they end.
    private let isTerminal: Bool
    /// When the buffer was last written, on a terminal, in `DispatchTime` nanoseconds.
    private var lastDrain: UInt64 = 0
    /// How long lines wait on a terminal at most while more come: a write for each line of
    /// a long `blame` cost it a third more time, the terminal's own.
    private static let terminalDelay: UInt64 = 30_000_000

    private init(_ descriptor: Int32) {
        self.descriptor = descriptor
        isTerminal = isatty(descriptor) == 1
        buffer.reserveCapacity(1 << 16)
    }

    /// Standard output.
    public static let output = StandardStream(1)
    /// Standard error.
    public static let error = StandardStream(2)

    public func write(_ text: String) {
        lock.withLock {
            buffer.append(contentsOf: text.utf8)
            drainIfDue()
        }
    }

    public func write(utf8 bytes: [UInt8]) {
        lock.withLock {
            buffer.append(contentsOf: bytes)
            drainIfDue()
        }
    }

    /// Errors are for people: show them at once. Output waits for a full buffer, but on a
    /// terminal for the end of a line, as C's standard output does: `blame` may find its
    /// first line in a second and go on for a minute, and Ctrl-C would lose what it found.
    /// Lines that come faster than ``terminalDelay`` are written together; the progress line
    /// writes what is left before it shows (``StepProgress``), and so does the end.
    private func drainIfDue() {
        if descriptor == 2 || buffer.count >= 1 << 16 { return drain() }
        guard isTerminal, buffer.last == UInt8(ascii: "\n") else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if now - lastDrain >= Self.terminalDelay {
            lastDrain = now
            drain()
        }
    }

    /// Sends buffered text on.
    public func flush() {
        lock.withLock { drain() }
    }

    public var writeFailure: String? {
        lock.withLock { failedWith.map { String(cString: strerror($0)) } }
    }

    /// Sets what to do when a write first fails, with its reason (`nil`: nothing): the command
    /// line stops the process there (exit 74) rather than do the rest of the command's work
    /// for output nobody will read.
    func whenWriteFails(_ handler: (@Sendable (String) -> Void)?) {
        lock.withLock { onFailure = handler }
    }

    private func drain() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        // After a failure (a full disk, a closed pipe when SIGPIPE is ignored) the rest is
        // dropped: trying each buffer again would only fail again, as slowly.
        guard failedWith == nil else { return }
        failedWith = buffer.withUnsafeBytes { FileDescriptorWrite.all($0, to: descriptor) }.failure
        if let failedWith, let onFailure { onFailure(String(cString: strerror(failedWith))) }
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Names the recording and the step a replay was at when the app's code crashed in it:
/// `Error: PATH: the app crashed while replaying seq N`, on standard error, before the Swift
/// runtime's backtrace.
///
/// The app's reducer runs inside the inspector, so a trap in it (an index out of range, a
/// force-unwrapped `nil`) ends the process, which Swift cannot catch. Its backtrace shows the
/// reducer's code but neither the recording nor the action: a CI job verifying hundreds of
/// recordings could not tell which one traps today's reducer. Each replayer notes, on the
/// thread that runs it, the step it is replaying (``note(_:of:)``) and forgets it when done
/// (``clear()``); once ``install()`` has set the handlers of the signals a crash raises (the
/// `redux-inspect` command line does; a library user's process is left alone), the handler
/// writes the line for the crashing thread's step, if it is replaying one, then hands the
/// signal on to the action there was before: the Swift runtime's backtracer, or the default.
///
/// The handler only does what is safe in a signal handler: it reads a fixed table, formats a
/// number on its stack, and calls `write(2)`, `sigaction` and `raise`. A step is noted with two
/// stores; the recording's message is made only when a replayer moves to another recording.
final class ReplayCrashNote: @unchecked Sendable {
    // Unchecked Sendable: a note is used by one replayer, on one thread at a time; the table
    // it writes is shared under `lock`, and each slot is written only by its owner.

    /// One replay: the thread running it (0 when it replays nothing), the step's seq, and the
    /// message's start, as a C string.
    private struct Entry {
        var thread: UInt = 0
        var seq = 0
        var message: UnsafeMutablePointer<CChar>?
        var length = 0
        var inUse = false
    }

    /// How many replays the table notes at once; further ones go unnoted.
    private static let capacity = 64
    private static let lock = NSLock()
    nonisolated(unsafe) private static let table = SignalHandler.table(of: capacity, filledWith: Entry())
    /// The signals a crash raises; `SIGBUS` is ``MappedFileGuard``'s.
    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSEGV]
    /// The action of each signal before ours, by signal number.
    nonisolated(unsafe) private static let previous = SignalHandler.table(of: 32, filledWith: sigaction())
    private static let installation: Void = {
        #if canImport(Glibc) || canImport(Darwin)
            _ = table
            _ = previous
            for signal in signals { previous[Int(signal)] = SignalHandler.install(handle, for: signal) }
        #endif
    }()

    /// Sets the handlers, once per process.
    static func install() {
        _ = installation
    }

    /// This note's slot in the table, taken at the first step noted.
    private var slot: Int?
    /// The recording the slot's message names.
    private var recording: ObjectIdentifier?

    deinit {
        guard let slot else { return }
        Self.lock.withLock {
            let message = Self.table[slot].message
            Self.table[slot] = Entry()
            free(message)
        }
    }

    /// Notes that this thread replays step `index` of `recording` now.
    func note(_ index: Int, of recording: Recording) {
        if self.recording != ObjectIdentifier(recording) { name(recording) }
        guard let slot else { return }
        Self.table[slot].seq = recording.steps[index].seq
        Self.table[slot].thread = UInt(bitPattern: Self.currentThread())
    }

    /// Notes that this thread replays nothing now.
    func clear() {
        guard let slot else { return }
        Self.table[slot].thread = 0
    }

    /// Makes the slot's message name `recording`, taking a slot first if need be.
    private func name(_ recording: Recording) {
        guard let message = strdup(
            "Error: \(TerminalText.escape(recording.path)): the app crashed while replaying seq ")
        else { return }
        let old: UnsafeMutablePointer<CChar>? = Self.lock.withLock {
            if slot == nil {
                slot = (0..<Self.capacity).first { !Self.table[$0].inUse }
                if let slot { Self.table[slot].inUse = true }
            }
            // A full table: tried again at the next step.
            guard let slot else { return message }
            self.recording = ObjectIdentifier(recording)
            Self.table[slot].thread = 0
            let old = Self.table[slot].message
            Self.table[slot].message = message
            Self.table[slot].length = strlen(message)
            return old
        }
        free(old)
    }

    private static func currentThread() -> Int {
        #if canImport(Darwin)
            Int(bitPattern: pthread_self())
        #else
            Int(bitPattern: UInt(pthread_self()))
        #endif
    }

    /// Writes the crashing thread's line, if it replays a step, and hands the signal on.
    private static let handle: SignalHandler.WithInformation = { signal, information, _ in
        let thread = UInt(bitPattern: currentThread())
        for slot in 0..<capacity {
            let entry = table[slot]
            guard entry.thread == thread, let message = entry.message else { continue }
            _ = write(2, message, entry.length)
            writeNumber(entry.seq)
            break
        }
        sigaction(signal, previous + Int(signal), nil)
        // A fault happens again on return; a sent signal does not.
        if SignalHandler.wasSent(information) { raise(signal) }
    }

    /// Writes `number` and a line break to standard error, from the stack.
    private static func writeNumber(_ number: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var position = buffer.count - 1
            buffer[position] = 0x0A
            var rest = number.magnitude
            repeat {
                position -= 1
                buffer[position] = 0x30 + UInt8(rest % 10)
                rest /= 10
            } while rest > 0 && position > 1
            if number < 0 {
                position -= 1
                buffer[position] = 0x2D
            }
            _ = write(2, buffer.baseAddress! + position, buffer.count - position)
        }
    }
}

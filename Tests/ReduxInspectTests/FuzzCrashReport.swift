@testable import ReduxInspect

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the fuzz test is doing, kept where a signal handler can print it: a trap inside the
/// inspector kills the whole test process, and the seed of the input that did it must not die
/// with it. Each running fuzz case writes its current mutation to its own slot; on a fatal
/// signal the handler writes every slot to standard error and hands the signal on to whoever
/// handled it before (the Swift runtime's backtracer, or the default action).
enum FuzzCrashReport {
    static let slotCount = 256
    static let slotSize = 1_024

    private nonisolated(unsafe) static let slots: UnsafeMutablePointer<CChar> = {
        let slots = UnsafeMutablePointer<CChar>.allocate(capacity: slotCount * slotSize)
        slots.initialize(repeating: 0, count: slotCount * slotSize)
        return slots
    }()

    private static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]
    private nonisolated(unsafe) static let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 64)

    /// Installs the handler; later calls do nothing.
    static let install: Void = {
        _ = slots
        for signal in signals { previous[Int(signal)] = SignalHandler.install(handle, for: signal) }
    }()

    /// Records what slot `slot` is doing now; an empty text clears it.
    static func record(_ text: String, slot: Int) {
        let base = slots + (slot % slotCount) * slotSize
        text.withCString { source in
            _ = strncpy(base, source, slotSize - 1)
        }
        base[slotSize - 1] = 0
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        let heading = "\nfuzz: the process got a fatal signal while running these mutations:\n"
        heading.withCString { _ = write(2, $0, strlen($0)) }
        for slot in 0..<FuzzCrashReport.slotCount {
            let base = FuzzCrashReport.slots + slot * FuzzCrashReport.slotSize
            guard base[0] != 0 else { continue }
            _ = write(2, base, strlen(base))
            _ = write(2, "\n", 1)
        }
        // Hand on: the faulting instruction runs again and reaches the previous handler.
        sigaction(signal, FuzzCrashReport.previous + Int(signal), nil)
        if signal == SIGABRT || signal == SIGTRAP { raise(signal) }
    }
}

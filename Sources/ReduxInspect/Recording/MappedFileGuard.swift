import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns the crash of reading a mapped recording that another program cut short into a
/// one-line error and exit code 66.
///
/// Recordings are mapped, not read: a file of gigabytes then costs address space, not memory.
/// But when another program truncates a file while it is mapped (an app started again with
/// the same recording path, `> file` in a shell), the kernel takes away the pages past the new
/// end, and reading one raises `SIGBUS`, which ends the process with "Bus error" and no word
/// about which file. The guard keeps the address range of every mapped recording; its
/// `SIGBUS` handler looks up the faulting address among them, and for one of ours writes
/// `Error: PATH: the file was cut short while being read; run the command again` to standard
/// error and exits. A `SIGBUS` anywhere else gets the action it had before the guard.
///
/// The handler may only do what is safe in a signal handler: it reads a fixed table and calls
/// `write(2)` and `_exit(2)`; each entry's message is written out when the file is mapped.
enum MappedFileGuard {
    /// One mapped file: its addresses and the message for it, as a C string.
    private struct Entry {
        var start: UInt = 0
        var end: UInt = 0
        var message: UnsafeMutablePointer<CChar>?
        var length = 0
    }

    /// How many mappings the table holds at once; further ones go unguarded.
    private static let capacity = 64
    private static let lock = NSLock()
    // Written only under `lock`; the signal handler reads it without, which at worst misses
    // an entry being written and leaves that fault to the default action.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<Entry> = {
        let table = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        table.initialize(repeating: Entry(), count: capacity)
        return table
    }()
    /// The `SIGBUS` action before the guard's (the default, or the Swift runtime's backtracer),
    /// put back for a fault that is not in a recording.
    nonisolated(unsafe) private static var previous = sigaction()
    private static let installed: Bool = {
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_sigaction = handle
        #else
            action.__sigaction_handler.sa_sigaction = handle
        #endif
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, &previous) == 0
    }()

    /// Guards the mapping of `path` at `buffer` until ``remove(_:)``.
    ///
    /// - Returns: The entry's slot, or `nil` when the table is full.
    static func add(_ buffer: UnsafeBufferPointer<UInt8>, path: String) -> Int? {
        guard installed, let start = buffer.baseAddress else { return nil }
        let text = "Error: \(path): the file was cut short while being read; run the command again\n"
        return lock.withLock {
            guard let slot = (0..<capacity).first(where: { table[$0].message == nil }) else { return nil }
            let message = strdup(text)
            table[slot] = Entry(
                start: UInt(bitPattern: start), end: UInt(bitPattern: start) + UInt(buffer.count), message: message,
                length: message.map { strlen($0) } ?? 0)
            return slot
        }
    }

    /// Stops guarding the mapping in `slot`, before it is unmapped.
    static func remove(_ slot: Int) {
        lock.withLock {
            let message = table[slot].message
            table[slot] = Entry()
            free(message)
        }
    }

    /// The `SIGBUS` handler.
    private static let handle: @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void = {
        _, info, _ in
        guard let info else { return }
        #if canImport(Darwin)
            let address = UInt(bitPattern: info.pointee.si_addr)
        #else
            let address = UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
        #endif
        for slot in 0..<capacity {
            let entry = table[slot]
            if let message = entry.message, entry.start <= address, address < entry.end {
                _ = write(2, message, entry.length)
                _exit(ExitCode.noInput.rawValue)
            }
        }
        // Not a recording's page: the action from before, when the faulting access runs again.
        sigaction(SIGBUS, &previous, nil)
    }
}

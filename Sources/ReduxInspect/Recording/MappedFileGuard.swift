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
/// But when another program truncates a file while it is mapped (`> file` in a shell, a tool
/// that rewrites it in place), the kernel takes away the pages past the new end, and reading
/// one raises `SIGBUS`, which ends the process with "Bus error" and no word about which file.
/// The guard keeps the address range of every mapped recording; once ``install()`` has set
/// its `SIGBUS` handler (the `redux-inspect` command line does, a library user's process is
/// left alone), a fault at one of those addresses writes
/// `Error: PATH: the file was cut short while being read; run the command again` to standard
/// error and exits at once, without flushing output still buffered. Any other `SIGBUS` (a
/// fault elsewhere, one sent by `kill`) gets the action it had before the guard.
///
/// The handler may only do what is safe in a signal handler: it reads a fixed table and calls
/// `write(2)` and `_exit(2)`; each entry's message is written out when the file is mapped.
/// On Linux with Musl there is no guard.
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
    // Written only under `lock`, an entry's `end` last when it is added and first when it is
    // removed; the signal handler reads it without the lock, which at worst misses an entry
    // being written and leaves that fault to the previous action.
    nonisolated(unsafe) private static let table: UnsafeMutablePointer<Entry> = {
        let table = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
        table.initialize(repeating: Entry(), count: capacity)
        return table
    }()
    /// The `SIGBUS` action before the guard's (the default, or the Swift runtime's
    /// backtracer), put back for a signal that is not a fault in a recording.
    nonisolated(unsafe) private static var previous = sigaction()
    private static let installation: Bool = {
        #if canImport(Glibc) || canImport(Darwin)
            // The table exists before the handler can look at it.
            _ = table
            previous = SignalHandler.install(handle, for: SIGBUS)
            return true
        #else
            return false
        #endif
    }()

    /// Sets the `SIGBUS` handler, once per process.
    static func install() {
        _ = installation
    }

    /// Guards the mapping of `path` at `buffer` until ``remove(_:)``.
    ///
    /// - Returns: The entry's slot, or `nil` when the table is full.
    static func add(_ buffer: UnsafeBufferPointer<UInt8>, path: String) -> Int? {
        guard let start = buffer.baseAddress, let message = strdup(
            "Error: \(path): \(RecordingError.cutShortMessage)\n")
        else { return nil }
        let slot: Int? = lock.withLock {
            guard let slot = (0..<capacity).first(where: { table[$0].message == nil }) else { return nil }
            table[slot].message = message
            table[slot].length = strlen(message)
            table[slot].start = UInt(bitPattern: start)
            table[slot].end = UInt(bitPattern: start) + UInt(buffer.count)
            return slot
        }
        if slot == nil { free(message) }
        return slot
    }

    /// Stops guarding the mapping in `slot`, before it is unmapped.
    static func remove(_ slot: Int) {
        lock.withLock {
            table[slot].end = 0
            let message = table[slot].message
            table[slot] = Entry()
            free(message)
        }
    }

    /// The `SIGBUS` handler.
    private static let handle: SignalHandler.WithInformation = {
        _, info, _ in
        // Only a fault has a faulting address; a signal sent by `kill` has
        // the sender's process id there.
        if let info, !SignalHandler.wasSent(info) {
            #if canImport(Darwin)
                let address = UInt(bitPattern: info.pointee.si_addr)
            #elseif canImport(Glibc)
                let address = UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
            #else
                let address: UInt = 0
            #endif
            for slot in 0..<capacity {
                let entry = table[slot]
                if entry.start <= address, address < entry.end, let message = entry.message {
                    _ = write(2, message, entry.length)
                    _exit(ExitCode.noInput.rawValue)
                }
            }
        }
        // Not a recording's page: the action from before. A fault happens again when the
        // access is retried on return; a sent signal is sent again.
        sigaction(SIGBUS, &previous, nil)
        if SignalHandler.wasSent(info) { raise(SIGBUS) }
    }
}

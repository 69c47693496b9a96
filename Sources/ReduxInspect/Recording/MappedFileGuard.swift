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
/// `verify` instead goes on to its other files (a mapping added `recovering`): there the
/// handler maps zeros over the rest of the file's mapping, so that the read that faulted goes
/// on over them, and notes the file as cut short (``wasCutShort(_:)``), for its result to say
/// so.
///
/// The handler may only do what is safe in a signal handler: it reads a fixed table and calls
/// `write(2)` and `_exit(2)`, or `mmap(2)` and writes a flag in the table; each entry's
/// message is written out when the file is mapped. On Linux with Musl there is no guard.
enum MappedFileGuard {
    /// One mapped file: its addresses and the message for it, as a C string.
    private struct Entry {
        var start: UInt = 0
        var end: UInt = 0
        var message: UnsafeMutablePointer<CChar>?
        var length = 0
        /// Where zeros go in place of the file's pages when it is cut short: the end of its
        /// mapping, rounded up to a page, and the size of a page; 0 to exit instead.
        var zeroedEnd: UInt = 0
        var pageSize: UInt = 0
        /// Set by the handler once it has mapped zeros in.
        var cut: Bool = false
    }

    /// How many mappings the table holds at once; further ones go unguarded.
    private static let capacity = 64
    private static let lock = NSLock()
    // Written only under `lock`, an entry's `end` last when it is added and first when it is
    // removed; the signal handler reads it without the lock, which at worst misses an entry
    // being written and leaves that fault to the previous action.
    nonisolated(unsafe) private static let table = SignalHandler.table(of: capacity, filledWith: Entry())
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

    /// Guards the mapping of `path` at `buffer`, inside `mapping`, until ``remove(_:)``.
    ///
    /// - Parameter recovering: Whether a read past the end of the file cut short goes on
    ///   over zeros (``wasCutShort(_:)`` then says so) instead of ending the process.
    /// - Returns: The entry's slot, or `nil` when the table is full.
    static func add(
        _ buffer: UnsafeBufferPointer<UInt8>, in mapping: UnsafeRawBufferPointer, path: String, recovering: Bool
    ) -> Int? {
        guard let start = buffer.baseAddress, let mapped = mapping.baseAddress, let message = strdup(
            "Error: \(path): \(RecordingError.cutShortMessage)\n")
        else { return nil }
        let page = UInt(max(sysconf(Int32(_SC_PAGESIZE)), 1))
        let slot: Int? = lock.withLock {
            guard let slot = (0..<capacity).first(where: { table[$0].message == nil }) else { return nil }
            table[slot].message = message
            table[slot].length = strlen(message)
            if recovering {
                // The kernel maps whole pages: up to the last one is the mapping's own.
                let end = UInt(bitPattern: mapped) + UInt(mapping.count)
                table[slot].zeroedEnd = (end + page - 1) / page * page
                table[slot].pageSize = page
            }
            table[slot].start = UInt(bitPattern: start)
            table[slot].end = UInt(bitPattern: start) + UInt(buffer.count)
            return slot
        }
        if slot == nil { free(message) }
        return slot
    }

    /// How many mappings are guarded now: one a process no longer reads (a command run in
    /// process that kept its recording) takes an entry for good, and once the table is full a
    /// file cut short ends the process.
    static var guardedCount: Int {
        lock.withLock { (0..<capacity).filter { table[$0].message != nil }.count }
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

    /// Whether the file mapped in `slot`, added `recovering`, was cut short while it was read:
    /// its pages past the new end now read as zeros.
    static func wasCutShort(_ slot: Int) -> Bool {
        lock.withLock { table[slot].cut }
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
                    if entry.zeroedEnd > 0 {
                        // `mmap` is not on POSIX's list of functions safe in a signal handler,
                        // but on Linux and Darwin it is the system call alone, which is.
                        let page = address / entry.pageSize * entry.pageSize
                        let zeros = mmap(
                            UnsafeMutableRawPointer(bitPattern: page), Int(entry.zeroedEnd - page), PROT_READ,
                            MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                        if zeros != MAP_FAILED {
                            table[slot].cut = true
                            return
                        }
                    }
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

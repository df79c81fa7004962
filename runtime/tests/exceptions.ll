; Landing pads as codegen emits them (personality @seq_personality, `catch ptr null` clauses
; that test the type themselves, `cleanup` pads that `resume`), driven by exceptions.c.
; Functions are noinline so that each pad stays in its own frame.

%str = type { i64, ptr }

@msg = private constant [4 x i8] c"boom"
@type_name = private constant [11 x i8] c"ValueError\00"
@file = private constant [8 x i8] c"test.py\00"
@func = private constant [6 x i8] c"raise\00"

declare void @seq_throw(ptr, i64, ptr, ptr, i64, ptr)
declare i64 @seq_exc_type_id(ptr)
declare ptr @seq_alloc(i64)
declare i32 @seq_personality(...)

; raise ValueError("boom") with the given class id
define void @raise(i64 %type) noinline {
  %obj = call ptr @seq_alloc(i64 16)
  store i64 4, ptr %obj
  %ptr = getelementptr %str, ptr %obj, i32 0, i32 1
  store ptr @msg, ptr %ptr
  call void @seq_throw(ptr %obj, i64 %type, ptr @type_name, ptr @file, i64 3, ptr @func)
  unreachable
}

; try: raise(type) except: return the exception, selector in *sel. Null when nothing raised.
define ptr @catch_direct(i64 %type, ptr %sel) noinline personality ptr @seq_personality {
entry:
  %raises = icmp ne i64 %type, 0
  br i1 %raises, label %call, label %none
call:
  invoke void @raise(i64 %type) to label %none unwind label %pad
none:
  ret ptr null
pad:
  %lp = landingpad { ptr, i32 } catch ptr null
  %exc = extractvalue { ptr, i32 } %lp, 0
  %s = extractvalue { ptr, i32 } %lp, 1
  store i32 %s, ptr %sel
  ret ptr %exc
}

; try: raise(type) finally: counts[0] += 1, counts[1] = selector
define void @with_cleanup(i64 %type, ptr %counts) noinline personality ptr @seq_personality {
entry:
  invoke void @raise(i64 %type) to label %done unwind label %pad
done:
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup
  %n = load i64, ptr %counts
  %n1 = add i64 %n, 1
  store i64 %n1, ptr %counts
  %s = extractvalue { ptr, i32 } %lp, 1
  %s64 = sext i32 %s to i64
  %slot = getelementptr i64, ptr %counts, i64 1
  store i64 %s64, ptr %slot
  resume { ptr, i32 } %lp
}

; try: with_cleanup(type) except: return the exception
define ptr @catch_after_cleanup(i64 %type, ptr %counts) noinline personality ptr @seq_personality {
entry:
  invoke void @with_cleanup(i64 %type, ptr %counts) to label %none unwind label %pad
none:
  ret ptr null
pad:
  %lp = landingpad { ptr, i32 } catch ptr null
  %exc = extractvalue { ptr, i32 } %lp, 0
  ret ptr %exc
}

; try: raise(type) except KeyError (class id 999): counts[0] += 1 for every visit of the pad
define void @mismatching_catch(i64 %type, ptr %counts) noinline personality ptr @seq_personality {
entry:
  invoke void @raise(i64 %type) to label %done unwind label %pad
done:
  ret void
pad:
  %lp = landingpad { ptr, i32 } cleanup catch ptr null
  %n = load i64, ptr %counts
  %n1 = add i64 %n, 1
  store i64 %n1, ptr %counts
  %exc = extractvalue { ptr, i32 } %lp, 0
  %tid = call i64 @seq_exc_type_id(ptr %exc)
  %match = icmp eq i64 %tid, 999
  br i1 %match, label %done, label %reraise
reraise:
  resume { ptr, i32 } %lp
}

; try: mismatching_catch(type) except: return the exception
define ptr @catch_after_mismatch(i64 %type, ptr %counts) noinline personality ptr @seq_personality {
entry:
  invoke void @mismatching_catch(i64 %type, ptr %counts) to label %none unwind label %pad
none:
  ret ptr null
pad:
  %lp = landingpad { ptr, i32 } catch ptr null
  %exc = extractvalue { ptr, i32 } %lp, 0
  ret ptr %exc
}

; try: raise(first) except: raise(second) -- caught outside; returns the second exception
define ptr @raise_in_handler(i64 %first, i64 %second) noinline personality ptr @seq_personality {
entry:
  invoke void @raise_then_raise(i64 %first, i64 %second) to label %none unwind label %pad
none:
  ret ptr null
pad:
  %lp = landingpad { ptr, i32 } catch ptr null
  %exc = extractvalue { ptr, i32 } %lp, 0
  ret ptr %exc
}

define void @raise_then_raise(i64 %first, i64 %second) noinline personality ptr @seq_personality {
entry:
  invoke void @raise(i64 %first) to label %done unwind label %pad
done:
  ret void
pad:
  %lp = landingpad { ptr, i32 } catch ptr null
  call void @raise(i64 %second)
  unreachable
}

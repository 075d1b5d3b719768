-- Load script for wrk: GET /domineering?position=P over every 4x4 board
-- with at most 10 empty cells (all held by a --max-cells 10 tablebase),
-- each thread starting at another board (WRK_SUFFIX=/moves asks for the
-- moves too; WRK_BATCH=N sends POST /domineering bodies of N boards, one a
-- line, instead):
--   wrk -t2 -c16 -d10s -s query/server/testdata/wrk.lua http://127.0.0.1:8080
local boards = {}
for m = 1, 65535 do
  local n, x = 0, m
  while x > 0 do n = n + x % 2; x = math.floor(x / 2) end
  if n <= 10 then
    local s = ""
    for cell = 0, 15 do
      if cell > 0 and cell % 4 == 0 then s = s .. "|" end
      if math.floor(m / 2 ^ cell) % 2 == 1 then s = s .. "." else s = s .. "#" end
    end
    boards[#boards + 1] = s
  end
end

local i = 0
local counter = 0
setup = function(thread)
  counter = counter + 1
  thread:set("i", counter * 7919)
end

path_suffix = os.getenv("WRK_SUFFIX") or ""

-- WRK_PIPELINE=N sends N requests at a time on each connection (HTTP/1.1
-- pipelining; 1 by default): wrk counts each answer.
local depth = tonumber(os.getenv("WRK_PIPELINE") or "1")

-- WRK_BATCH=N sends each request as a POST of N boards (0: GETs).
local batch = tonumber(os.getenv("WRK_BATCH") or "0")

-- The requests, written once in each thread before the load starts, so
-- that the load tool spends its time sending them.
local requests = {}
init = function(args)
  if batch > 0 then
    for k = 1, math.floor(#boards / batch) do
      local body = table.concat(boards, "\n", (k - 1) * batch + 1, k * batch) .. "\n"
      requests[k] = wrk.format("POST", "/domineering", nil, body)
    end
    return
  end
  for k, b in ipairs(boards) do
    local escaped = b:gsub("|", "%%7C"):gsub("#", "%%23")
    requests[k] = wrk.format("GET", "/domineering" .. path_suffix .. "?position=" .. escaped)
  end
end

request = function()
  if depth == 1 then
    i = i + 1
    return requests[i % #requests + 1]
  end
  local r = {}
  for k = 1, depth do
    i = i + 1
    r[k] = requests[i % #requests + 1]
  end
  return table.concat(r)
end
